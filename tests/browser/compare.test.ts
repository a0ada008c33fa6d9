import type { Locator, Page } from '@playwright/test';
import { apiGenerate, uniqueWord, type ApiUser } from './api';
import { expect, test, VIEWPORTS } from './fixtures';

/** `count` (at most three, the jobs a user may have running) one-view generations of the member, made through the real API. */
async function generations(member: ApiUser, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) => apiGenerate(member, `A brick house with a flat roof in a walled garden, version ${index + 1} ${uniqueWord()}`)),
  );
}

/** The compare screen's words, as the user reads them (frontend/compare/copy.ts). */
const words = {
  zoom: 'Zoom',
  wipe: 'Wipe',
  divider: 'Wipe divider',
  pause: 'Pause flicker',
  play: 'Play flicker',
  nextPair: 'Next pair (])',
  previousPair: 'Previous pair ([)',
  pick: 'Select to compare',
  compareTwo: 'Compare (2)',
  oneMissing: 'One of these images no longer exists or is not yours.',
  tooFew: /^Pick 2 to 4 of your images to compare them/,
  toDashboard: 'Go to the dashboard',
} as const;

const compareUrl = (ids: string[]) => `/compare?items=${ids.map((id) => `${id}.0`).join(',')}`;
const panes = (page: Page) => page.locator('.compare-pane');
const stage = (page: Page) => page.getByRole('group', { name: /zoomed and panned together/ });

/**
 * What the shared view looks like in a pane, read from the screen: the shown image's width over
 * the pane's (the scale) and which image point sits at the pane's centre (the relative offset).
 */
async function paneView(pane: Locator) {
  return pane.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const image = element.querySelector('.compare-layer:not([style*="hidden"]) img')?.getBoundingClientRect();
    if (!image) return null;
    return {
      scale: image.width / box.width,
      x: (box.left + box.width / 2 - image.left) / image.width,
      y: (box.top + box.height / 2 - image.top) / image.height,
    };
  });
}

/** Both panes' views, rounded so equal views compare equal. */
async function bothViews(page: Page) {
  const round = (view: Awaited<ReturnType<typeof paneView>>) =>
    view && { scale: Math.round(view.scale * 1000) / 1000, x: Math.round(view.x * 1000) / 1000, y: Math.round(view.y * 1000) / 1000 };
  return [round(await paneView(panes(page).nth(0))), round(await paneView(panes(page).nth(1)))];
}

async function openCompare(page: Page, ids: string[], shown = ids.length): Promise<void> {
  await page.goto(compareUrl(ids));
  await expect(panes(page)).toHaveCount(shown);
  for (const image of await panes(page).locator('img[data-source="rendition"]').all()) {
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
}

test.describe('compare', () => {
  test('zooms and pans both panes together, with the wheel and the keys, and loads the originals', async ({ page, member }) => {
    const ids = await generations(member, 2);
    await openCompare(page, ids);
    const fitted = await bothViews(page);
    expect(fitted[0]).toEqual(fitted[1]);

    // The wheel over the first pane, off centre: the second pane follows exactly.
    const box = await panes(page).first().boundingBox();
    if (!box) throw new Error('no pane');
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.35);
    for (let notch = 0; notch < 3; notch += 1) await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await bothViews(page))[0]?.scale ?? 0).toBeGreaterThan((fitted[0]?.scale ?? 1) * 2);
    await expect.poll(async () => {
      const [first, second] = await bothViews(page);
      return first && second && first.scale === second.scale && first.x === second.x && first.y === second.y;
    }).toBe(true);
    const [zoomed] = await bothViews(page);
    // Zoomed towards the pointer: the centre moved right and up of the image's middle.
    expect(zoomed?.x).toBeGreaterThan(0.5);
    expect(zoomed?.y).toBeLessThan(0.5);

    // Past the largest rendition's pixels each pane swaps in its original, under the same transform.
    await expect(panes(page).locator('img[data-source="original"][data-loaded="true"]')).toHaveCount(2);

    // The keys: 0 fits, + zooms both, an arrow pans both.
    await stage(page).focus();
    await page.keyboard.press('0');
    await expect.poll(() => bothViews(page)).toEqual(fitted);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => (await bothViews(page))[0]?.scale ?? 0).toBeGreaterThan((fitted[0]?.scale ?? 1) * 2);
    const centred = await bothViews(page);
    expect(centred[0]?.x).toBeCloseTo(0.5, 2);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await bothViews(page))[1]?.x ?? 0).toBeGreaterThan(0.52);
    const [first, second] = await bothViews(page);
    expect(first).toEqual(second);

    // A double click toggles the fit and 100 % of the original's pixels.
    const level = page.getByRole('group', { name: words.zoom }).locator('output');
    await page.keyboard.press('0');
    await expect(level).not.toHaveText('100 %');
    await panes(page).nth(1).dblclick();
    await expect(level).toHaveText('100 %');
    await panes(page).nth(1).dblclick();
    await expect.poll(() => bothViews(page)).toEqual(fitted);
  });

  test('wipes with a keyboard slider and flickers on its own and by hand', async ({ page, member }) => {
    const ids = await generations(member, 2);
    await openCompare(page, ids);
    await page.getByRole('button', { name: words.wipe }).click();
    const divider = page.getByRole('slider', { name: words.divider });
    await expect(divider).toHaveAttribute('aria-valuenow', '50');
    await divider.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowLeft');
    await expect(divider).toHaveAttribute('aria-valuenow', '40');
    // The arrows stayed with the slider: the images did not pan.
    await expect(page.locator('.compare-layer').nth(1)).toHaveAttribute('style', /inset\(0px 0px 0px 40%\)|inset\(0 0 0 40%\)/);
    await page.keyboard.press('End');
    await expect(divider).toHaveAttribute('aria-valuenow', '100');

    // 3 switches to flicker: the shown image alternates by itself.
    await stage(page).focus();
    await page.keyboard.press('3');
    const shownLabel = page.locator('.compare-label[data-flicker-index]');
    await expect(shownLabel).toHaveAttribute('data-flicker-index', '1');
    await expect(shownLabel).toHaveAttribute('data-flicker-index', '0');
    // Paused, Space switches by hand.
    await page.getByRole('button', { name: words.pause }).click();
    await expect(page.getByRole('button', { name: words.play })).toBeVisible();
    const before = await shownLabel.getAttribute('data-flicker-index');
    await stage(page).focus();
    await page.keyboard.press(' ');
    await expect(shownLabel).not.toHaveAttribute('data-flicker-index', before ?? '');
    await expect(page.locator('.compare-layer:visible')).toHaveCount(1);
  });

  test('says so when an image is gone, and when fewer than two remain', async ({ page, member }) => {
    const ids = await generations(member, 2);
    await page.goto(`/compare?items=${ids[0]}.0,${ids[1]}.0,nosuchgeneration.0`);
    await expect(panes(page)).toHaveCount(2);
    await expect(page.getByText(words.oneMissing)).toBeVisible();
    await page.goto(`/compare?items=${ids[0]}.0,${ids[1]}.5`);
    await expect(page.getByText(words.oneMissing, { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: words.toDashboard })).toBeVisible();
    await page.goto(`/compare?items=${ids[0]}.0`);
    await expect(page.getByText(words.tooFew)).toBeVisible();
  });

  test('opens from the dashboard with the two picked images', async ({ page, member }) => {
    const ids = await generations(member, 2);
    await page.goto('/dashboard');
    await expect(page.locator('.dashboard-card')).toHaveCount(2);
    await page.getByRole('button', { name: words.pick }).click();
    const picks = page.locator('.compare-pick');
    await picks.nth(0).click();
    await picks.nth(1).click();
    await expect(picks.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: words.compareTwo }).click();
    await expect(page).toHaveURL(/\/compare\?items=/);
    await expect(panes(page)).toHaveCount(2);
    for (const id of ids) await expect(page.locator(`.compare-layer[data-key="${id}.0"]`)).toHaveCount(1);
  });

  test('opens from the studio with the two selected images', async ({ page, member }) => {
    const ids = await generations(member, 2);
    await page.goto('/startfree');
    await expect(page.locator('.studio-tile')).toHaveCount(2);
    for (const tile of await page.locator('.studio-tile').all()) {
      await tile.hover();
      await tile.getByRole('button', { name: 'Select for refinement' }).click();
    }
    await page.getByRole('link', { name: words.compareTwo }).click();
    await expect(panes(page)).toHaveCount(2);
    for (const id of ids) await expect(page.locator(`.compare-layer[data-key="${id}.0"]`)).toHaveCount(1);
  });
});

test.describe('compare on a phone', { tag: '@phone' }, () => {
  test('shows two up, stacked, and steps to the next pair of three', async ({ page, member }) => {
    const ids = await generations(member, 3);
    await openCompare(page, ids, 2);
    const [top, bottom] = [await panes(page).nth(0).boundingBox(), await panes(page).nth(1).boundingBox()];
    expect(top && bottom && top.y + top.height <= bottom.y + 1).toBe(true);
    await expect(page.locator('.compare-pane .compare-label')).toHaveText([/\(1\)$/, /\(2\)$/]);
    await page.getByRole('button', { name: words.nextPair }).click();
    await expect(page.locator('.compare-pane .compare-label')).toHaveText([/\(2\)$/, /\(3\)$/]);
    await expect(page.getByRole('button', { name: words.nextPair })).toBeDisabled();
    await expect(page.getByRole('button', { name: words.previousPair })).toBeEnabled();
  });
});

/** One finger (or two) down, moved in steps, lifted: real touch input through the DevTools protocol. */
async function touchGesture(page: Page, from: { x: number; y: number }[], to: { x: number; y: number }[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (share: number) => from.map((start, id) => {
    const end = to[id] ?? start;
    return { id, x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share };
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(step / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('compare on a touch phone', { tag: '@phone' }, () => {
  test('swipes to the next pair, and a pinch zooms both panes together', async ({ member, openPage }) => {
    const ids = await generations(member, 3);
    const phone = await openPage({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, signedInAs: member });
    await openCompare(phone, ids, 2);
    const fitted = await bothViews(phone);
    const box = await panes(phone).first().boundingBox();
    if (!box) throw new Error('no pane');
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    await touchGesture(phone, [{ x: box.x + box.width * 0.85, y: middle.y }], [{ x: box.x + box.width * 0.15, y: middle.y }]);
    await expect(phone.locator('.compare-pane .compare-label')).toHaveText([/\(2\)$/, /\(3\)$/]);

    await touchGesture(phone, [{ x: middle.x - 20, y: middle.y }, { x: middle.x + 20, y: middle.y }], [{ x: middle.x - 90, y: middle.y }, { x: middle.x + 90, y: middle.y }]);
    await expect.poll(async () => (await bothViews(phone))[0]?.scale ?? 0).toBeGreaterThan((fitted[0]?.scale ?? 1) * 2);
    const [first, second] = await bothViews(phone);
    expect(first).toEqual(second);
  });
});
