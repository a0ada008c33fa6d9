/**
 * The public gallery, on the data tests/browser/global-setup.ts makes (the `seeded` fixture):
 * GALLERY_PAGE_SIZE + 5 public generations with one word in their prompts, from several users.
 */
import type { Page } from '@playwright/test';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { galleryMessages } from '#shared/messages';
import { apiCall, apiGenerate, apiSignUp, uniqueWord } from './api';
import { expect, hydrated, resizeWindow, test } from './fixtures';

const cards = (page: Page) => page.locator('.gallery-card');

async function openGallery(page: Page, query: string): Promise<void> {
  // Not the load event: it waits for the first row's images in the HTML, which a test may hold back.
  await page.goto(`/gallery?q=${encodeURIComponent(query)}`, { waitUntil: 'domcontentloaded' });
  await expect(cards(page).first()).toBeVisible();
}

test.describe('the public gallery', () => {
  test('sizes every thumbnail and shows its placeholder before the image arrives', async ({ page, seeded }) => {
    // Hold every image back (the grid loads WebP renditions): the grid must already be laid out without them.
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/media\/generations\//, (route) => {
      held.push(() => route.continue());
    });
    await openGallery(page, seeded.gallery.word);
    const first = page.locator('.card-image').first();
    const image = first.locator('img');
    await expect(image).toHaveAttribute('width', /^[1-9]\d*$/);
    await expect(image).toHaveAttribute('height', /^[1-9]\d*$/);
    await expect(first).toHaveCSS('background-image', /^url\("data:image\/png/);
    await expect(image).toHaveJSProperty('naturalWidth', 0);
    const before = await first.boundingBox();
    expect(before?.height ?? 0).toBeGreaterThan(50);
    // The first 15 cards load eagerly, the rest lazily.
    await expect(page.locator('.gallery-card img').first()).toHaveAttribute('loading', 'eager');
    await Promise.all(held.map((release) => release()));
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await expect.poll(async () => (await first.boundingBox())?.height).toBeCloseTo(before?.height ?? 0, 0);
  });

  test('searches from the header box (query in the URL) and says when nothing matches', async ({ page, seeded }) => {
    await page.goto('/gallery');
    await expect(cards(page).first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.fill(`  ${seeded.gallery.word.toUpperCase()} study 7 `);
    await search.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/gallery' && url.searchParams.get('q') === `${seeded.gallery.word.toUpperCase()} study 7`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute('aria-label', `A timber courtyard house ${seeded.gallery.word} study 7`);
    await search.fill(`${seeded.gallery.word} nothing like this`);
    await search.press('Enter');
    await expect(page.getByText(/No images match/)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('loads the next page when the bottom sentinel scrolls into view', async ({ page, seeded }) => {
    await openGallery(page, seeded.gallery.word);
    await expect(cards(page)).toHaveCount(GALLERY_PAGE_SIZE);
    await page.locator('.gallery-sentinel').scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(seeded.gallery.total);
    // Every card is a different generation of the seeded word.
    const labels = () => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
    await expect.poll(async () => new Set((await labels()).filter((label) => label.includes(seeded.gallery.word))).size).toBe(seeded.gallery.total);
  });

  test('copies a card’s prompt and shows the check mark for a moment', async ({ context, page, seeded }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await openGallery(page, seeded.gallery.lastPrompt);
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Copy prompt' }).click();
    await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(seeded.gallery.lastPrompt);
    // The moment passes on the page's clock (COPY_CHECK_MS.galleryCard, frontend/ui/timings.ts).
    await page.clock.runFor(1_200);
    await expect(card.getByRole('button', { name: 'Copy prompt' })).toBeVisible(); // the check mark goes again
  });

  test('keeps liking for signed-in users: the button explains itself signed out', async ({ page, seeded }) => {
    await openGallery(page, seeded.gallery.word);
    const like = cards(page).first().getByRole('button', { name: galleryMessages.signInToLike });
    await expect(like).toHaveAttribute('title', galleryMessages.signInToLike);
    await expect(like).toHaveAttribute('aria-disabled', 'true');
    await cards(page).first().hover();
    // The server's HTML shows the button before React answers its click.
    await hydrated(page);
    // aria-disabled: assistive tech and Playwright see it disabled, yet a click explains why.
    await like.click({ force: true });
    await expect(page.getByRole('status').getByText(galleryMessages.pleaseSignInToLike)).toBeVisible();
  });

  test('likes and unlikes when signed in; the badge follows and the state survives a reload', async ({ page, member, seeded }) => {
    await page.goto(`/gallery?q=${encodeURIComponent(seeded.gallery.lastPrompt)}`); // one card
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
    await expect(card.locator('.like-badge').getByText('1 like', { exact: true })).toBeVisible();
    await page.reload();
    await expect(cards(page).first().getByRole('button', { name: 'Unlike' })).toBeVisible();
    await cards(page).first().hover();
    await cards(page).first().getByRole('button', { name: 'Unlike' }).click();
    await expect(cards(page).first().getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(page.locator('.like-badge')).toHaveCount(0);
  });

  test('reverts an optimistic like the server refuses, with the like-failed notice', async ({ page, member }) => {
    const owner = await apiSignUp();
    const prompt = `A stone tower by a river ${uniqueWord()}`;
    const id = await apiGenerate(owner, prompt);
    await page.goto(`/gallery?q=${encodeURIComponent(prompt)}`);
    const card = cards(page).first();
    await expect(card).toBeVisible();
    // The owner deletes it while the card is on screen: the like now answers 404.
    expect((await apiCall(`/api/generations/${id}`, owner.token, 'DELETE')).status).toBe(204);
    await card.hover();
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('alert').getByText(galleryMessages.likeFailed)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(card.locator('.like-badge')).toHaveCount(0);
  });

  test('opens the viewer: arrows move, the wheel zooms, Escape and the backdrop close, focus returns', async ({ page, seeded }) => {
    await page.goto(`/gallery?q=${encodeURIComponent(seeded.gallery.multiViewPrompt)}`);
    const opener = page.locator('.card-image').first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(dialog.getByText('1 / 3')).toBeVisible();
    await expect(dialog.locator('.viewer-image')).toHaveAttribute('alt', `${seeded.gallery.multiViewPrompt} (image 1 of 3)`);
    await expect(dialog.locator('.viewer-image')).not.toHaveAttribute('src', /-thumb/);
    await expect(dialog.getByText(seeded.gallery.multiViewPrompt, { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('2 / 3')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('3 / 3')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText('2 / 3')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bscroll-locked\b/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.locator('html')).not.toHaveClass(/\bscroll-locked\b/);
    await opener.click();
    await expect(dialog).toBeVisible();
    // The wheel zooms the image (the arrows, buttons and a swipe move: tests/browser/studio-viewer.test.ts).
    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => Number(await dialog.locator('.viewer-image').first().getAttribute('data-zoom'))).toBeGreaterThan(1);
    await expect(dialog.getByText('1 / 3')).toBeVisible();
    // Zoomed, the image covers the stage; fitted again (0), the stage around it is the backdrop.
    await page.keyboard.press('0');
    await expect.poll(async () => Number(await dialog.locator('.viewer-image').first().getAttribute('data-zoom'))).toBe(1);
    await page.mouse.click(30, 150);
    await expect(dialog).toHaveCount(0);
  });

  test('uses the gallery column counts of docs/decisions/0033', async ({ page, seeded }) => {
    // Loaded at the widest, then turned to each narrower width as a person resizing the window
    // would: the app follows a resize (its columns are the stylesheet's media queries), so a fresh
    // page per width would only cost more (docs/decisions/0080, third and seventh amendments).
    const widths: [number, number][] = [[1500, 4], [1300, 4], [1000, 3], [700, 3], [400, 2]];
    await page.setViewportSize({ width: 1500, height: 900 });
    await openGallery(page, seeded.gallery.word);
    for (const [width, columns] of widths) {
      await resizeWindow(page, { width, height: 900 });
      await expect(page.locator('.masonry'), `${width} px`).toHaveAttribute('data-columns', String(columns));
      // And the cards stand in that many columns: the layout is the stylesheet's, not the attribute's.
      const lanes = () => page.locator('.masonry-item').evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().left))).size);
      await expect.poll(lanes, { message: `lanes at ${width} px` }).toBe(columns);
    }
  });
});
