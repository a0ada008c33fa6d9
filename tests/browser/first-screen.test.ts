/**
 * The public first screens arrive rendered by React and hydrate as they are
 * (docs/decisions/0078-react-on-the-server.md): readable with scripts off, no request for what the
 * HTML carried, no hydration error, and nothing shifts at a phone's width or a desktop's.
 */
import type { Page } from '@playwright/test';
import { RENDERED_STATE_ELEMENT_ID } from '#shared/app-document';
import { appUrl, expect, hydrated, test, VIEWPORTS } from './fixtures';
import { apiGenerate, apiSignUp, uniqueWord } from './api';

const word = uniqueWord();

// The file's tests share the cards its beforeAll makes: they run in one worker, one after another.
test.describe.configure({ mode: 'default' });
const HEADLINE = 'From a sentence to a space.';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const owner = await apiSignUp();
  for (let index = 0; index < 6; index += 1) await apiGenerate(owner, `A brick gallery hall ${word} study ${index}`, { views: (index % 3) + 1 });
});

const cards = (page: Page) => page.locator('.gallery-card');

/**
 * Watches a visit from its first byte: every API path requested, every console error (React reports
 * a hydration mismatch there), and the layout shifts a PerformanceObserver sees.
 */
async function watch(page: Page) {
  const api: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    api,
    errors,
    layoutShift: () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0)),
  };
}

test.describe('the first screen, with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('/gallery shows the first cards, their images loaded from the HTML alone', async ({ page }) => {
    await page.goto(`/gallery?q=${encodeURIComponent(word)}`);
    await expect(cards(page)).toHaveCount(6);
    const image = cards(page).first().locator('img').first();
    await expect(image).toHaveAttribute('srcset', /\.webp \d+w/);
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // Four columns at 1440 px, side by side.
    const tops = await cards(page).evaluateAll((list) => list.slice(0, 4).map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  for (const [name, viewport] of [['phone', VIEWPORTS.phone], ['desktop', VIEWPORTS.desktop]] as const) {
    test(`/ shows the headline and Start Free on a ${name}'s first screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const headline = page.getByRole('heading', { level: 1, name: HEADLINE });
      const startFree = page.getByRole('button', { name: 'Start Free' }).first();
      await expect(headline).toBeInViewport();
      await expect(startFree).toBeInViewport({ ratio: 1 });
    });
  }
});

test.describe('hydration', () => {
  for (const [name, viewport] of [['phone', VIEWPORTS.phone], ['desktop', VIEWPORTS.desktop]] as const) {
    test(`/gallery on a ${name}: no request for the first page, no hydration error, no layout shift`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const visit = await watch(page);
      const response = await page.goto(`/gallery?q=${encodeURIComponent(word)}`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`<script type="application/json" id="${RENDERED_STATE_ELEMENT_ID}">`);
      await hydrated(page);
      await expect(cards(page)).toHaveCount(6);
      await expect(cards(page).first().locator('img').first()).toHaveJSProperty('complete', true);
      // The like buttons answer: the app, not just its HTML, is on screen.
      await cards(page).first().hover();
      await cards(page).first().getByRole('button', { name: 'Like' }).dispatchEvent('click');
      await expect(page.getByRole('status')).toContainText('Please sign in to like images');
      expect(visit.api.filter((path) => path === '/api/gallery')).toEqual([]);
      expect(visit.api).not.toContain('/api/auth/refresh');
      expect(visit.errors).toEqual([]);
      expect(await visit.layoutShift()).toBeLessThanOrEqual(0.01);
    });

    test(`/ on a ${name}: the strip from the page the document carried, no hydration error, no layout shift`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const visit = await watch(page);
      await page.goto('/');
      await hydrated(page);
      const strip = page.getByTestId('gallery-strip');
      await expect(strip.locator('img').first()).toBeAttached();
      // The intro plays to its end, beside the headline.
      await expect(page.locator('.intro')).toHaveAttribute('data-phase', 'final', { timeout: 10_000 });
      expect(visit.api).toEqual([]);
      expect(visit.errors).toEqual([]);
      expect(await visit.layoutShift()).toBeLessThanOrEqual(0.01);
    });
  }

  test('a search typed after hydration asks the API, through the client that loads with it', async ({ page }) => {
    const visit = await watch(page);
    await page.goto('/gallery');
    await hydrated(page);
    const read = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/gallery');
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill(`${word} study 2`);
    await page.keyboard.press('Enter');
    await read;
    await expect(cards(page)).toHaveCount(1);
    expect(visit.errors).toEqual([]);
  });

  test('a public image’s page hydrates with the image its HTML carried, asking for nothing, and comes back from the history', async ({ page }) => {
    // docs/decisions/0094-search-and-previews.md
    const owner = await apiSignUp();
    const prompt = `A shared pavilion ${word}`;
    const id = await apiGenerate(owner, prompt, { views: 2 });
    const visit = await watch(page);
    await page.goto(`/gallery/${id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: prompt })).toBeVisible();
    await expect(page.locator('.image-page-images img').first()).toHaveJSProperty('complete', true);
    await expect(page).toHaveTitle(/— Parti gallery$/);
    expect(visit.api).toEqual([]);
    // Into the gallery through the app's router, and back to the image.
    await page.getByRole('link', { name: 'More in the gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: prompt })).toBeVisible();
    expect(visit.errors).toEqual([]);
    expect(await visit.layoutShift()).toBeLessThanOrEqual(0.01);
  });

  test('a prerendered page hydrates with the search it was rendered for, then follows the address', async ({ page }) => {
    const visit = await watch(page);
    await page.goto('/pricing?plan=free');
    await hydrated(page);
    await expect(page.locator('.plan-card.is-highlighted')).toHaveClass(/plan-card--free/);
    expect(visit.errors).toEqual([]);
  });
});

test('a signed-in like shows at once on a cached page and survives a reload', async ({ page, member }) => {
  const owner = await apiSignUp();
  const prompt = `A cached pavilion ${uniqueWord()}`;
  await apiGenerate(owner, prompt);
  const path = `/api/gallery?q=${encodeURIComponent(prompt.toLowerCase())}`;
  // Two anonymous reads: the second is answered by the edge cache.
  await fetch(new URL(path, appUrl()));
  expect((await fetch(new URL(path, appUrl()))).headers.get('X-Gallery-Cache')).toBe('hit');

  const read = page.waitForResponse((response) => response.url().includes('/api/gallery?'));
  await page.goto(`/gallery?q=${encodeURIComponent(prompt)}`);
  expect((await read).headers()['x-gallery-cache']).toBe('hit');
  const card = cards(page).first();
  await card.hover();
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(card.locator('.like-badge').getByText('1 like', { exact: true })).toBeVisible();
  await page.reload();
  await expect(cards(page).first().getByRole('button', { name: 'Unlike' })).toBeVisible();
});

test('the landing page shows gallery work without moving anything', { tag: '@every-width' }, async ({ page }) => {
  const strip = page.getByTestId('gallery-strip');
  const images = strip.locator('img');
  // A first page cached before this file made its cards may be served for up to a minute.
  await expect(async () => {
    await page.goto('/');
    await expect(images.first()).toBeAttached({ timeout: 15_000 });
  }).toPass({ timeout: 55_000 });
  // One tile a work, at most eight: a young gallery shows no empty frames.
  const tiles = strip.locator('li');
  const shown = await tiles.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(8);
  await expect(images).toHaveCount(shown);
  const boxes = async () => Promise.all((await tiles.all()).map((tile) => tile.boundingBox()));
  const before = await boxes();
  expect(before.every((box) => box !== null && box.width > 0 && box.height > 0)).toBe(true);
  await strip.scrollIntoViewIfNeeded();
  await expect(images.first()).toHaveJSProperty('complete', true);
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await boxes()).toEqual(before);
  await expect(images.first()).toHaveAttribute('loading', 'lazy');
  await expect(images.first()).toHaveAttribute('src', /-thumb\.jpg$/);
  // The rendition its tile needs, as the gallery's cards choose (srcset and sizes from the column rules).
  await expect(images.first()).toHaveAttribute('srcset', /\.webp \d+w/);
  const drawn = await images.first().evaluate((image: HTMLImageElement) => ({
    source: image.currentSrc,
    natural: image.naturalWidth,
    needed: image.getBoundingClientRect().width * devicePixelRatio,
    widest: Math.max(...image.srcset.split(',').map((candidate) => Number(/(\d+)w$/.exec(candidate.trim())?.[1] ?? 0))),
  }));
  expect(drawn.source).toMatch(/\.webp$/);
  expect(drawn.natural).toBeGreaterThanOrEqual(Math.min(drawn.needed, drawn.widest) - 1);
});
