import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { STARTING_CREDITS } from '#shared/limits';
import { studioMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { apiBuyCredits } from './api';
import { expect, seriousViolations, test } from './fixtures';

const GOOD_PROMPT = 'A timber cabin with a sloped roof beside a mountain lake';
const GENERATION_TIMEOUT = 45_000;


const ring = (page: Page) => page.locator('.studio-ring');
const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });

async function expectBatches(page: Page, count: number): Promise<void> {
  await expect(page.locator('.studio-batch:not(.studio-batch--pending)')).toHaveCount(count, { timeout: GENERATION_TIMEOUT });
}

/** Views start at 4; one click makes it 1, which keeps the slow machine's tests short. */
async function useOneView(page: Page): Promise<void> {
  await page.getByRole('button', { name: /4 views, change/ }).click();
  await expect(page.getByRole('button', { name: /1 view, change/ })).toBeVisible();
}

async function generateWith(page: Page, prompt: string, batchesAfter: number): Promise<void> {
  await promptBox(page).fill(prompt);
  await promptBox(page).press('Enter');
  await expectBatches(page, batchesAfter);
}

test.describe('the free studio', () => {
  test('shows the empty state and the free notice, and sends /generate to /startfree', async ({ page, studio }) => {
    await expect(page.getByRole('heading', { name: studioMessages.emptyHeadline })).toBeVisible();
    await expect(page.locator('.studio-free-notice').getByText(/watermark/).first()).toBeVisible();
    await expect(page.locator('.studio-free-notice a')).toHaveAttribute('href', '/pricing');
    await expect(promptBox(page)).toHaveAttribute('placeholder', studioMessages.placeholder);

    await page.goto('/generate');
    await page.waitForURL('**/startfree');
    await page.goto('/home');
    await expect(promptBox(page)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
  });

  test('generates 4 views: the pending bubble, then the batch at the bottom, and the ring drops by 2', async ({ page, studio }) => {
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS));
    const box = promptBox(page);
    await box.fill(GOOD_PROMPT);
    await box.press('Enter');

    const pending = page.locator('.studio-batch--pending');
    await expect(pending).toBeVisible();
    await expect(pending.locator('.studio-typing')).toHaveCount(1);
    await expect(pending.locator('.studio-bubble-text')).toHaveText(GOOD_PROMPT);
    await expect(box).toHaveValue('');

    await expectBatches(page, 1);
    await expect(pending).toHaveCount(0);
    const batch = page.locator('.studio-batch').last();
    await expect(batch.locator('.studio-bubble-text')).toHaveText(GOOD_PROMPT);
    await expect(batch.locator('.studio-tile')).toHaveCount(4);
    // Four images sit in two columns.
    await expect.poll(() => batch.locator('.studio-grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length)).toBe(2);
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS - MODELS.standard.credits));
  });

  test('a double click on send, or a click after Enter, starts one generation and stays in the studio', async ({ page, studio }) => {
    await useOneView(page);
    const send = page.getByRole('button', { name: 'Generate' });
    await promptBox(page).fill(GOOD_PROMPT);
    await send.dblclick();
    await expect(page.locator('.studio-batch--pending')).toBeVisible();
    // A person's click lands even on a disabled-looking button: force it past Playwright's wait.
    await send.click({ force: true });
    await expect(page).toHaveURL((url) => url.pathname === '/startfree');
    await expectBatches(page, 1);
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS - MODELS.standard.credits));

    await promptBox(page).fill(`${GOOD_PROMPT} at dusk`);
    await promptBox(page).press('Enter');
    await send.click({ force: true });
    await expect(page).toHaveURL((url) => url.pathname === '/startfree');
    await expectBatches(page, 2);
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS - 2 * MODELS.standard.credits));
  });

  test('sends on Enter and breaks the line on Shift+Enter', async ({ page, studio }) => {
    await useOneView(page);
    const box = promptBox(page);
    await box.click();
    await page.keyboard.type('A brick library');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('with a reading terrace');
    await expect(box).toHaveValue('A brick library\nwith a reading terrace');
    await expect(page.locator('.studio-batch--pending')).toHaveCount(0);

    await page.keyboard.press('Enter');
    await expectBatches(page, 1);
    await expect(box).toHaveValue('');
  });

  test('shows the refinement card for a prompt that is not architecture, restores it, and a suggestion fills the box', async ({ page, studio }) => {
    const box = promptBox(page);
    await box.fill('a portrait of a cat');
    await box.press('Enter');

    const card = page.locator('.studio-validation');
    await expect(card.getByRole('heading', { name: studioMessages.promptNeedsRefinement })).toHaveCount(1);
    await expect(card.getByRole('heading', { name: studioMessages.tryTheseInstead })).toHaveCount(1);
    await expect(box).toHaveValue('a portrait of a cat');
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS));

    const suggestion = card.locator('.studio-suggestion').first();
    const text = (await suggestion.textContent()) ?? '';
    expect(text).not.toBe('');
    await suggestion.click();
    await expect(box).toHaveValue(text);
    await expect(card).toHaveCount(0);
  });

  test('enhances the prompt with the dice and switches between Original and Enhanced', async ({ page, studio }) => {
    const box = promptBox(page);
    await box.fill('A stone chapel');
    await page.getByRole('button', { name: 'Enhance prompt' }).click();
    const badge = page.locator('.studio-badge');
    await expect(badge).toHaveText(studioMessages.enhanced);
    // Enhanced: the original words first, then more.
    await expect(box).toHaveValue(/^A stone chapel[\s\S]+/);

    await badge.click();
    await expect(badge).toHaveText(studioMessages.original);
    await expect(box).toHaveValue('A stone chapel');
    await box.fill('A stone chapel by the sea');
    await expect(badge).toHaveCount(0);
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS));
  });

  test('refines a selected image: Concept forced, then the first result auto-selected', async ({ page, studio }) => {
    await useOneView(page);
    await generateWith(page, GOOD_PROMPT, 1);

    await page.locator('.studio-tile').first().hover();
    await page.getByRole('button', { name: 'Select for refinement' }).first().click();
    await expect(page.getByRole('button', { name: 'Concept' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Fast' })).toBeDisabled();
    await expect(page.getByText(studioMessages.onlyConceptWithImages).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refine mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect(promptBox(page)).toHaveAttribute('placeholder', studioMessages.refinePlaceholder);

    await generateWith(page, 'Make the roof green', 2);
    const newest = page.locator('.studio-batch').last();
    await expect(newest.locator('.studio-bubble-refs img')).toHaveCount(1);
    await expect(newest.getByRole('button', { name: 'Select for refinement' }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.studio-batch').first().getByRole('button', { name: 'Select for refinement' }).first()).toHaveAttribute('aria-pressed', 'false');
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS - MODELS.standard.credits - MODELS.concept.credits));
  });

  test('adopts 16:9 from an uploaded 16:9 PNG with Concept', async ({ page, studio }) => {
    await page.getByRole('button', { name: 'Concept' }).click();
    await expect(page.getByRole('button', { name: 'Aspect ratio: 1:1' })).toHaveCount(1);
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#8899aa' } }).png().toBuffer();
    await page.getByTestId('studio-upload-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: 'Aspect ratio: 16:9' })).toBeVisible();
    await expect(page.locator('.studio-thumb img')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Refine mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('opens the viewer, moves with the arrow keys wrapping around, and closes on Escape', async ({ page, studio }) => {
    await page.getByRole('button', { name: 'Fast' }).click();
    await generateWith(page, GOOD_PROMPT, 1);

    const opener = page.getByRole('button', { name: 'Open image 1 of 4' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    const counter = viewer.locator('.viewer-position');
    await expect(counter).toHaveText('1 / 4');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('2 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('4 / 4');
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText('1 / 4');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // Focus goes back to the image that opened the viewer.
    await expect(opener).toBeFocused();
  });

  test('likes a batch and deletes another, and both stick after a reload', async ({ page, studio }) => {
    await useOneView(page);
    await page.getByRole('button', { name: 'Fast' }).click();
    await generateWith(page, GOOD_PROMPT, 1);
    await generateWith(page, 'A brutalist museum with a sunken courtyard', 2);
    // The newest sits at the bottom.
    await expect(page.locator('.studio-batch').last().locator('.studio-bubble-text')).toHaveText('A brutalist museum with a sunken courtyard');

    const first = page.locator('.studio-batch').first();
    await first.locator('.studio-tile').first().hover();
    const like = first.getByRole('button', { name: 'Like' }).first();
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.studio-like[aria-busy="true"]')).toHaveCount(0);

    // Delete asks once more (docs/decisions/0054): the first click only arms the button.
    const last = page.locator('.studio-batch').last();
    await last.hover();
    await last.getByRole('button', { name: 'Delete batch' }).click();
    await expectBatches(page, 2);
    await last.getByRole('button', { name: 'Click again to delete' }).click();
    await expectBatches(page, 1);

    await page.reload();
    await expectBatches(page, 1);
    await expect(page.locator('.studio-batch .studio-bubble-text')).toHaveText(GOOD_PROMPT);
    await expect(page.getByRole('button', { name: 'Like' }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('alert').filter({ hasText: /Failed/ })).toHaveCount(0);
  });
});

test.describe('the full studio', () => {
  test('sends a pro user from /startfree to /generate, without the free notice', async ({ page, studio }) => {
    // One credit bought in payments test mode makes the member pro.
    await apiBuyCredits(studio, 1);
    await page.goto('/startfree');
    await page.waitForURL('**/generate');
    await expect(promptBox(page)).toBeVisible();
    await expect(page.locator('.studio-free-notice')).toHaveCount(0);
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS + 1));
    await page.goto('/home');
    await expect(promptBox(page)).toBeVisible();
    await expect(page.locator('.studio-free-notice')).toHaveCount(0);
  });
});

test.describe('reference images that fail', () => {
  test("shows 'Failed to Load' with its test button, and asks before generating without the failed upload", async ({ page, studio }) => {
    await page.getByTestId('studio-upload-input').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    const thumb = page.locator('.studio-thumb');
    await expect(thumb.getByText(studioMessages.failedToLoad)).toBeVisible();
    await expect(thumb.getByRole('button', { name: 'Test URL' })).toHaveCount(1);

    await generateWith(page, 'Blend this into a house', 0);
    // A paid generation never runs without a reference the user chose unless they confirm
    // (docs/decisions/0048-reference-traps.md).
    const confirm = page.getByRole('dialog', { name: 'Generate without your reference?' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.locator('.studio-batch')).toHaveCount(0);
    await expect(promptBox(page)).toHaveValue('Blend this into a house');
    await expect(ring(page)).toHaveAttribute('data-credits', String(STARTING_CREDITS));
  });
});

test.describe('accessibility of a busy studio', () => {
  test('has no serious axe violation with a batch, the refinement card and the viewer', async ({ page, studio }) => {
    await useOneView(page);
    await generateWith(page, GOOD_PROMPT, 1);
    await promptBox(page).fill('a portrait of a cat');
    await promptBox(page).press('Enter');
    await expect(page.locator('.studio-validation')).toBeVisible();
    await expect.poll(() => seriousViolations(page)).toEqual([]);

    await page.locator('.studio-validation').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.locator('.studio-validation')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open image 1 of 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Image viewer' })).toBeVisible();
    await expect.poll(() => seriousViolations(page)).toEqual([]);
  });
});

test.describe('the studio on a phone', () => {
  test('opens the model and option controls as sheets at 375 px', { tag: '@phone' }, async ({ page, studio }) => {
    await expect(page.locator('.studio-models')).toHaveCount(0);

    await page.getByRole('button', { name: 'Choose model: Standard' }).click();
    const modelSheet = page.getByRole('dialog', { name: 'Choose model' });
    await modelSheet.getByRole('button', { name: 'Ultra' }).click();
    await expect(modelSheet).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose model: Ultra' })).toBeVisible();

    await page.getByRole('button', { name: 'Options' }).click();
    const options = page.getByRole('dialog', { name: 'Options' });
    // The ratios are a group of their own in the sheet (docs/decisions/0091-studio-polish.md).
    await expect(options.getByRole('radio', { name: /^1:1/ })).toBeChecked();
    await options.getByRole('radio', { name: /^4:3/ }).click();
    await expect(options.getByRole('radio', { name: /^4:3/ })).toBeChecked();
    await expect(options.getByRole('button', { name: 'Add reference images' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
  });
});
