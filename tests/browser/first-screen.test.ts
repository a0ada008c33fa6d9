import type { Page, Request } from '@playwright/test';
import { FIRST_GALLERY_PAGE_ELEMENT_ID } from '#shared/edge';
import { appUrl, expect, test } from './fixtures';
import { apiGenerate, apiSignUp, uniqueWord } from './api';

const word = uniqueWord();

// The file's tests share the cards its beforeAll makes: they run in one worker, one after another.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const owner = await apiSignUp();
  for (let index = 0; index < 6; index += 1) await apiGenerate(owner, `A brick gallery hall ${word} study ${index}`);
});

const cards = (page: Page) => page.locator('.gallery-card');

/** Every API request the page makes, in order. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
  });
  return seen;
}

test.describe('the first screen', () => {
  test('a signed-out visit to /gallery paints the inlined page: no session check, no gallery request', async ({ page }) => {
    const requests = apiRequests(page);
    const documentResponse = await page.goto(`/gallery?q=${encodeURIComponent(`  ${word.toUpperCase()} `)}`);
    await expect(cards(page)).toHaveCount(6);
    expect(requests.filter((path) => path === '/api/gallery')).toEqual([]);
    const html = (await documentResponse?.text()) ?? '';
    expect(html).toContain(`<script type="application/json" id="${FIRST_GALLERY_PAGE_ELEMENT_ID}">`);
    // The first card's image, preloaded as the same rendition its srcset and sizes will pick.
    expect(html).toMatch(/<link rel="preload" as="image" href="\/media\/[^"]+-thumb\.jpg" imagesrcset="[^"]+\.webp \d+w[^"]*" imagesizes="[^"]+" fetchpriority="high">/);
    // Everything has settled (the thumbnails are in): still no session check was made.
    await expect(cards(page).locator('img').first()).toHaveJSProperty('complete', true);
    expect(requests).not.toContain('/api/auth/refresh');
    expect(requests.filter((path) => path === '/api/gallery')).toEqual([]);
  });

  test("the gallery's route chunks are preloaded beside the entry, from files that exist; the landing's code is the entry", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));
    const documentResponse = await page.goto('/gallery');
    const html = (await documentResponse?.text()) ?? '';
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? '');
    const gallery = preloads.find((href) => /^\/assets\/GalleryPage-[\w-]+\.js$/.test(href));
    expect(gallery).toBeDefined();
    expect(html).not.toContain('<template');
    for (const href of preloads) {
      const response = await fetch(new URL(href, appUrl()));
      expect(response.status, href).toBe(200);
      expect(response.headers.get('Content-Type'), href).toMatch(/javascript/);
    }
    await expect(cards(page).first()).toBeVisible();
    // The app imports the chunk it was told to preload, fetched once.
    expect(requested.filter((path) => /GalleryPage-.*\.js$/.test(path))).toEqual([gallery]);
    const landing = await (await fetch(new URL('/', appUrl()))).text();
    expect(landing).not.toMatch(/<template|GalleryPage-/);
  });

  test('the first row of /gallery is in the HTML: its images load with JavaScript off, and the app replaces it', async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    try {
      const bare = await noScript.newPage();
      // A new context has no base URL of its own.
      await bare.goto(new URL(`/gallery?q=${encodeURIComponent(word)}`, appUrl()).href);
      const row = bare.locator('body > .fs-main');
      await expect(row).toHaveAttribute('aria-hidden', 'true');
      const images = row.locator('img');
      // Four columns at 1440 px: the first row is four cards.
      await expect(images).toHaveCount(4);
      await expect(images.first()).toHaveJSProperty('complete', true);
      expect(await images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await expect(images.first()).toHaveAttribute('srcset', /\d+w/);
    } finally {
      await noScript.close();
    }
    // With JavaScript the app's own cards take the root's place: no second copy stays behind.
    await page.goto(`/gallery?q=${encodeURIComponent(word)}`);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.locator('.fs-main')).toHaveCount(0);
  });

  test("the static row stays over the page while the gallery's code loads, goes when the grid is there, and moves nothing", async ({ page }) => {
    // Hold the gallery's chunk back: the app mounts (its rail is there) but its grid cannot render.
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/assets\/GalleryPage-[\w-]+\.js$/, (route) => {
      held.push(() => route.continue());
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/gallery?q=${encodeURIComponent(word)}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('nav.rail')).toBeVisible();
    const row = page.locator('body > .fs-main');
    await expect(row.locator('img').first()).toBeVisible();
    // Over the page, it takes no clicks: the rail under it still does.
    await expect(row).toHaveCSS('pointer-events', 'none');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.map((release) => release()));
    await expect(cards(page)).toHaveCount(6);
    await expect(row).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
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

  test('the landing page shows gallery work without moving anything', async ({ page }) => {
    const strip = page.getByTestId('gallery-strip');
    const images = strip.locator('img');
    // A first page cached before this file made its cards may be served for up to a minute.
    await expect(async () => {
      await page.goto('/');
      // On a phone the intro plays alone first (docs/decisions/0034-routes-navigation-landing.md).
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
});
