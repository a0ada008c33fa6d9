import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { galleryMessages, studioMessages } from '#shared/messages';
import { launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';
import { apiCall, apiGenerate, apiSignUp, uniqueWord } from './gallery-data';

let browser: Browser;
const word = uniqueWord();
/** 45 public generations with `word` in the prompt, from 4 free users (11 credits each at most). */
const TOTAL = GALLERY_PAGE_SIZE + 5;
let multiViewPrompt = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const users = await Promise.all([0, 1, 2, 3].map(() => apiSignUp()));
  for (let index = 0; index < TOTAL; index += 1) {
    const views = index === 0 ? 3 : 1;
    const prompt = `A timber courtyard house ${word} study ${index}`;
    if (views === 3) multiViewPrompt = prompt;
    await apiGenerate(users[index % users.length]!, prompt, views);
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.locator('.gallery-card');

async function openGallery(page: Page, query = word): Promise<void> {
  await page.goto(`/gallery?q=${encodeURIComponent(query)}`);
  await cards(page).first().waitFor();
}

describe('the public gallery', () => {
  it('sizes every thumbnail and shows its placeholder before the image arrives', async () => {
    const { context, page } = await newPage(browser);
    // Hold every thumbnail back: the grid must already be laid out without them.
    const held: (() => Promise<void>)[] = [];
    await page.route('**/*-thumb.jpg', (route) => {
      held.push(() => route.continue());
    });
    await openGallery(page);
    const first = page.locator('.card-image').first();
    const image = first.locator('img');
    expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
    expect(await first.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/^url\("data:image\/png/);
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(false);
    const before = await first.boundingBox();
    expect(before?.height ?? 0).toBeGreaterThan(50);
    // The first 15 cards load eagerly, the rest lazily.
    expect(await page.locator('.gallery-card img').first().getAttribute('loading')).toBe('eager');
    await Promise.all(held.map((release) => release()));
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.card-image img');
      return img?.complete && img.naturalWidth > 0;
    });
    const after = await first.boundingBox();
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
    await context.close();
  });

  it('searches from the header box (query in the URL) and says when nothing matches', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/gallery');
    await cards(page).first().waitFor();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill(`  ${word.toUpperCase()} study 7 `);
    await page.getByRole('searchbox', { name: 'Search prompts' }).press('Enter');
    await page.waitForURL(/\/gallery\?q=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`${word.toUpperCase()} study 7`);
    await page.waitForFunction(() => document.querySelectorAll('.gallery-card').length === 1);
    expect(await cards(page).first().getAttribute('aria-label')).toBe(`A timber courtyard house ${word} study 7`);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill(`${word} nothing like this`);
    await page.getByRole('searchbox', { name: 'Search prompts' }).press('Enter');
    await page.getByText(/No images match/).waitFor();
    expect(await cards(page).count()).toBe(0);
    await context.close();
  });

  it('loads the next page when the bottom sentinel scrolls into view', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await openGallery(page);
    await page.waitForFunction((n) => document.querySelectorAll('.gallery-card').length === n, GALLERY_PAGE_SIZE);
    await page.locator('.gallery-sentinel').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('.gallery-card').length === n, TOTAL);
    const labels = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(new Set(labels).size).toBe(TOTAL);
    expect(labels.every((label) => label?.includes(word))).toBe(true);
    await context.close();
  });

  it('copies a card’s prompt and shows the check mark for a moment', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const prompt = `A timber courtyard house ${word} study 44`;
    await openGallery(page, prompt);
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Copy prompt' }).click();
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);
    await card.getByRole('button', { name: 'Copy prompt' }).waitFor(); // the check mark goes again
    await context.close();
  });

  it('keeps liking for signed-in users: the button explains itself signed out', async () => {
    const { context, page } = await newPage(browser);
    await openGallery(page);
    const like = cards(page).first().getByRole('button', { name: galleryMessages.signInToLike });
    expect(await like.getAttribute('title')).toBe(galleryMessages.signInToLike);
    expect(await like.getAttribute('aria-disabled')).toBe('true');
    await cards(page).first().hover();
    // aria-disabled: assistive tech and Playwright see it disabled, yet a click explains why.
    await like.click({ force: true });
    await page.getByRole('status').getByText(galleryMessages.pleaseSignInToLike).waitFor();
    await context.close();
  });

  it('likes and unlikes when signed in; the badge follows and the state survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto(`/gallery?q=${encodeURIComponent(`${word} study 44`)}`); // one card
    const card = cards(page).first();
    await card.waitFor();
    await card.hover();
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await card.getByRole('button', { name: 'Unlike' }).waitFor();
    await card.locator('.like-badge').getByText('1 like', { exact: true }).waitFor();
    await page.reload();
    await cards(page).first().getByRole('button', { name: 'Unlike' }).waitFor();
    await cards(page).first().hover();
    await cards(page).first().getByRole('button', { name: 'Unlike' }).click();
    await cards(page).first().getByRole('button', { name: 'Like', exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('.like-badge') === null);
    await context.close();
  });

  it('reverts an optimistic like the server refuses, with the documents’ notice', async () => {
    const owner = await apiSignUp();
    const prompt = `A stone tower by a river ${uniqueWord()}`;
    const id = await apiGenerate(owner, prompt);
    const { context, page } = await newPage(browser);
    await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto(`/gallery?q=${encodeURIComponent(prompt)}`);
    const card = cards(page).first();
    await card.waitFor();
    // The owner deletes it while the card is on screen: the like now answers 404.
    expect((await apiCall(`/api/generations/${id}`, owner.token, 'DELETE')).status).toBe(204);
    await card.hover();
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByRole('alert').getByText(studioMessages.likeFailed).waitFor();
    await card.getByRole('button', { name: 'Like', exact: true }).waitFor();
    expect(await card.locator('.like-badge').count()).toBe(0);
    await context.close();
  });

  it('opens the viewer: arrows move, Escape and the backdrop close, focus returns', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/gallery?q=${encodeURIComponent(multiViewPrompt)}`);
    const opener = page.locator('.card-image').first();
    await opener.waitFor();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await dialog.waitFor();
    await dialog.getByText('1 / 3').waitFor();
    expect(await dialog.locator('.viewer-image').getAttribute('alt')).toBe(`${multiViewPrompt} (image 1 of 3)`);
    expect(await dialog.locator('.viewer-image').getAttribute('src')).not.toContain('-thumb');
    await dialog.getByText(multiViewPrompt, { exact: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('2 / 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('3 / 3').waitFor();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('2 / 3').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('card-image'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(false);
    await opener.click();
    await dialog.waitFor();
    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, 120); // the wheel moves too
    await dialog.getByText('2 / 3').waitFor();
    // Swipes: 30 px is too short to move (had it moved back, the next swipe would end on 2 / 3),
    // 80 px to the left moves on, to the right moves back.
    const swipe = (from: number, to: number) =>
      page.evaluate(([start, end]) => {
        const stage = document.querySelector('.viewer-stage');
        if (!stage) throw new Error('no stage');
        const touch = (x: number) => new Touch({ identifier: 1, target: stage, clientX: x, clientY: 400 });
        stage.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(start)], changedTouches: [touch(start)], bubbles: true }));
        stage.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(end)], bubbles: true }));
      }, [from, to] as const);
    await swipe(570, 600);
    await swipe(600, 520);
    await dialog.getByText('3 / 3').waitFor();
    await swipe(500, 600);
    await dialog.getByText('2 / 3').waitFor();
    await page.mouse.click(30, 150); // the stage around the image is the backdrop
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('uses the documents’ column counts', async () => {
    const widths: [number, number][] = [[1500, 4], [1300, 4], [1000, 3], [700, 3], [400, 2]];
    for (const [width, columns] of widths) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      await openGallery(page);
      expect(await page.locator('.masonry-column').count()).toBe(columns);
      await context.close();
    }
  });
});
