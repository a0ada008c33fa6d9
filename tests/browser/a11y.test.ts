import type { Page } from '@playwright/test';
import { expect, seriousViolations, settleAnimations, signUpThroughForm, test } from './fixtures';

/** Waits until the route has rendered its content (the landing's phone intro included) and is at rest. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (path === '/' || path === '/about') {
    // The hero's intro runs beside the headline; check the page at rest.
    await expect(page.locator('.landing-hero .intro[data-phase="final"]')).toBeAttached();
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settleAnimations(page);
}

/** axe on every route in turn; a route's violations are polled so a transition still ending cannot fail it. */
async function violationsOn(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await settle(page, path);
    await expect.poll(() => seriousViolations(page), { message: `axe on ${path}` }).toEqual([]);
  }
}

const PUBLIC_ROUTES = ['/', '/about', '/gallery', '/pricing', '/login', '/no-such-page'];
const MEMBER_ROUTES = ['/startfree', '/dashboard', '/home'];

// These three run at 375, 768 and 1440 px: the phone, tablet and desktop projects.
test.describe('axe', { tag: '@every-width' }, () => {
  test('finds no serious or critical violation on the public routes', async ({ page }) => {
    await violationsOn(page, PUBLIC_ROUTES);
  });

  test('finds no serious or critical violation on the member routes', async ({ page }) => {
    await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await violationsOn(page, [...MEMBER_ROUTES, '/', '/pricing']);
  });

  test('never lets the page scroll sideways', async ({ page }) => {
    for (const path of PUBLIC_ROUTES) {
      await settle(page, path);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `overflow on ${path}` })
        .toBe(0);
    }
  });
});

test.describe('keyboard', () => {
  async function tabUntil(page: Page, predicate: () => boolean, limit = 40): Promise<boolean> {
    for (let step = 0; step < limit; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(predicate)) return true;
    }
    return false;
  }

  test('starts with a skip link, and every focused control shows a visible outline', async ({ page }) => {
    await settle(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to content');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const outline = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return { tag: element.tagName, visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
        });
      await expect.poll(async () => (await outline()).visible, { message: `${(await outline()).tag} at step ${step} shows an outline` }).toBe(true);
    }
  });

  test('reaches Start Free and the FAQ by keyboard and operates them', { tag: '@tablet' }, async ({ page }) => {
    await settle(page, '/');
    expect(await tabUntil(page, () => document.activeElement?.textContent === 'Start Free')).toBe(true);
    expect(await tabUntil(page, () => document.activeElement?.closest('.faq') !== null, 120)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAttribute('aria-expanded', 'true');
  });
});
