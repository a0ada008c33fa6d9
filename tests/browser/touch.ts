import type { Page } from '@playwright/test';

export interface TouchPoint {
  x: number;
  y: number;
}

/**
 * One finger (or two) down, moved in steps, lifted: real touch input through the DevTools
 * protocol, so the page sees the pointer events a phone sends. The page needs `hasTouch`.
 */
export async function touchGesture(page: Page, from: TouchPoint[], to: TouchPoint[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (share: number) =>
    from.map((start, id) => {
      const end = to[id] ?? start;
      return { id, x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share };
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(step / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two quick taps at one point: a double tap. */
export async function doubleTap(page: Page, at: TouchPoint): Promise<void> {
  await page.touchscreen.tap(at.x, at.y);
  await page.touchscreen.tap(at.x, at.y);
}
