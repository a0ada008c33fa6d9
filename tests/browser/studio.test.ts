import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_CREDITS } from '#shared/limits';
import { studioMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { baseUrl, launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const GOOD_PROMPT = 'A timber cabin with a sloped roof beside a mountain lake';
const GENERATION_TIMEOUT = 45_000;

async function signedUpStudio(page: Page): Promise<{ email: string; password: string }> {
  const account = await signUpThroughForm(page);
  await page.waitForURL('**/startfree');
  await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
  return account;
}

/** Buys one credit through the API in payments test mode, which makes the user pro. */
async function upgradeToPro(account: { email: string; password: string }): Promise<void> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  const login = (await post('/api/auth/login', account)) as { session: { access_token: string } };
  const token = login.session.access_token;
  const order = (await post('/api/payments/orders', { credits: 1, amount: 699 }, token)) as { orderId: string };
  await post('/api/payments/test/complete', { orderId: order.orderId }, token);
}

function ringCredits(page: Page): Promise<string | null> {
  return page.locator('.studio-ring').getAttribute('data-credits');
}

async function waitForBatches(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('.studio-batch:not(.studio-batch--pending)').length === n, count, {
    timeout: GENERATION_TIMEOUT,
  });
}

/** Views start at 4; one click makes it 1, which keeps the slow machine's tests short. */
async function useOneView(page: Page): Promise<void> {
  await page.getByRole('button', { name: /4 views, change/ }).click();
  await page.getByRole('button', { name: /1 view, change/ }).waitFor();
}

async function generateWith(page: Page, prompt: string, batchesAfter: number): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Prompt' });
  await box.fill(prompt);
  await box.press('Enter');
  await waitForBatches(page, batchesAfter);
}

describe('the free studio', () => {
  it('shows the empty state and the free notice, and sends /generate to /startfree', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await expect(page.getByRole('heading', { name: studioMessages.emptyHeadline }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.studio-free-notice').getByText(/watermark/).first().isVisible()).resolves.toBe(true);
    const upgrade = page.locator('.studio-free-notice a');
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('textbox', { name: 'Prompt' }).getAttribute('placeholder')).toBe(studioMessages.placeholder);

    await page.goto('/generate');
    await page.waitForURL('**/startfree');
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });

  it('generates 4 views: the pending bubble, then the batch at the bottom, and the ring drops by 2', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS));
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill(GOOD_PROMPT);
    await box.press('Enter');

    const pending = page.locator('.studio-batch--pending');
    await pending.waitFor();
    expect(await pending.locator('.studio-typing').count()).toBe(1);
    expect(await pending.locator('.studio-bubble-text').textContent()).toBe(GOOD_PROMPT);
    expect(await box.inputValue()).toBe('');

    await waitForBatches(page, 1);
    expect(await pending.count()).toBe(0);
    const batch = page.locator('.studio-batch').last();
    expect(await batch.locator('.studio-bubble-text').textContent()).toBe(GOOD_PROMPT);
    expect(await batch.locator('.studio-tile').count()).toBe(4);
    // Four images sit in two columns.
    const columns = await batch.locator('.studio-grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS - MODELS.standard.credits));
    await context.close();
  });

  it('sends on Enter and breaks the line on Shift+Enter', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await useOneView(page);
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.click();
    await page.keyboard.type('A brick library');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('with a reading terrace');
    expect(await box.inputValue()).toBe('A brick library\nwith a reading terrace');
    expect(await page.locator('.studio-batch--pending').count()).toBe(0);

    await page.keyboard.press('Enter');
    await waitForBatches(page, 1);
    expect(await box.inputValue()).toBe('');
    await context.close();
  });

  it('shows the refinement card for a prompt that is not architecture, restores it, and a suggestion fills the box', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill('a portrait of a cat');
    await box.press('Enter');

    const card = page.locator('.studio-validation');
    await card.waitFor();
    expect(await card.getByRole('heading', { name: studioMessages.promptNeedsRefinement }).count()).toBe(1);
    expect(await card.getByRole('heading', { name: studioMessages.tryTheseInstead }).count()).toBe(1);
    expect(await box.inputValue()).toBe('a portrait of a cat');
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS));

    const suggestion = card.locator('.studio-suggestion').first();
    const text = await suggestion.textContent();
    await suggestion.click();
    expect(await box.inputValue()).toBe(text);
    expect(await card.count()).toBe(0);
    await context.close();
  });

  it('enhances the prompt with the dice and switches between Original and Enhanced', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill('A stone chapel');
    await page.getByRole('button', { name: 'Enhance prompt' }).click();
    const badge = page.locator('.studio-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe(studioMessages.enhanced);
    const enhanced = await box.inputValue();
    expect(enhanced.startsWith('A stone chapel')).toBe(true);
    expect(enhanced.length).toBeGreaterThan('A stone chapel'.length);

    await badge.click();
    expect(await badge.textContent()).toBe(studioMessages.original);
    expect(await box.inputValue()).toBe('A stone chapel');
    await box.fill('A stone chapel by the sea');
    expect(await badge.count()).toBe(0);
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS));
    await context.close();
  });

  it('refines a selected image: Concept forced, then the first result auto-selected', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await useOneView(page);
    await generateWith(page, GOOD_PROMPT, 1);

    await page.locator('.studio-tile').first().hover();
    await page.getByRole('button', { name: 'Select for refinement' }).first().click();
    expect(await page.getByRole('button', { name: 'Concept' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Fast' }).isDisabled()).toBe(true);
    await expect(page.getByText(studioMessages.onlyConceptWithImages).first().isVisible()).resolves.toBe(true);
    expect(await page.getByRole('button', { name: 'Refine mode' }).getAttribute('aria-pressed')).toBe('true');
    const box = page.getByRole('textbox', { name: 'Prompt' });
    expect(await box.getAttribute('placeholder')).toBe(studioMessages.refinePlaceholder);

    await generateWith(page, 'Make the roof green', 2);
    const newest = page.locator('.studio-batch').last();
    expect(await newest.locator('.studio-bubble-refs img').count()).toBe(1);
    expect(await newest.getByRole('button', { name: 'Select for refinement' }).first().getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.studio-batch').first().getByRole('button', { name: 'Select for refinement' }).first().getAttribute('aria-pressed')).toBe('false');
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS - MODELS.standard.credits - MODELS.concept.credits));
    await context.close();
  });

  it('adopts 16:9 from an uploaded 16:9 PNG with Concept', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await page.getByRole('button', { name: 'Concept' }).click();
    expect(await page.getByRole('button', { name: /Aspect ratio 1:1/ }).count()).toBe(1);
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#8899aa' } }).png().toBuffer();
    await page.getByTestId('studio-upload-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: /Aspect ratio 16:9/ }).waitFor();
    expect(await page.locator('.studio-thumb img').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Refine mode' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('opens the viewer, moves with the arrow keys wrapping around, and closes on Escape', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await page.getByRole('button', { name: 'Fast' }).click();
    await generateWith(page, GOOD_PROMPT, 1);

    await page.getByRole('button', { name: 'Open image 1 of 4' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    const counter = viewer.locator('.viewer-position');
    expect(await counter.textContent()).toBe('1 / 4');
    await page.keyboard.press('ArrowRight');
    expect(await counter.textContent()).toBe('2 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await counter.textContent()).toBe('4 / 4');
    await viewer.getByRole('button', { name: 'Next image' }).click();
    expect(await counter.textContent()).toBe('1 / 4');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Focus goes back to the image that opened the viewer.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open image 1 of 4');
    await context.close();
  });

  it('likes a batch and deletes another, and both stick after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await useOneView(page);
    await page.getByRole('button', { name: 'Fast' }).click();
    await generateWith(page, GOOD_PROMPT, 1);
    await generateWith(page, 'A brutalist museum with a sunken courtyard', 2);
    // The newest sits at the bottom.
    expect(await page.locator('.studio-batch').last().locator('.studio-bubble-text').textContent()).toBe(
      'A brutalist museum with a sunken courtyard',
    );

    const first = page.locator('.studio-batch').first();
    await first.locator('.studio-tile').first().hover();
    const like = first.getByRole('button', { name: 'Like' }).first();
    await like.click();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"].studio-chip-button'));

    const last = page.locator('.studio-batch').last();
    await last.hover();
    await last.getByRole('button', { name: 'Delete batch' }).click();
    await waitForBatches(page, 1);

    await page.reload();
    await waitForBatches(page, 1);
    expect(await page.locator('.studio-batch .studio-bubble-text').textContent()).toBe(GOOD_PROMPT);
    expect(await page.getByRole('button', { name: 'Like' }).first().getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: /Failed/ }).count()).toBe(0);
    await context.close();
  });
});

describe('the full studio', () => {
  it('sends a pro user from /startfree to /generate, without the free notice', async () => {
    const { context, page } = await newPage(browser);
    const account = await signedUpStudio(page);
    await upgradeToPro(account);
    await page.goto('/startfree');
    await page.waitForURL('**/generate');
    await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
    expect(await page.locator('.studio-free-notice').count()).toBe(0);
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS + 1));
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
    expect(await page.locator('.studio-free-notice').count()).toBe(0);
    await context.close();
  });
});

describe('reference images that fail', () => {
  it("shows 'Failed to Load' with its test button, and refuses to generate when every upload failed", async () => {
    const { context, page } = await newPage(browser);
    await signedUpStudio(page);
    await page.getByTestId('studio-upload-input').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    const thumb = page.locator('.studio-thumb');
    await thumb.getByText(studioMessages.failedToLoad).waitFor();
    expect(await thumb.getByRole('button', { name: 'Test URL' }).count()).toBe(1);

    await generateWith(page, 'Blend this into a house', 0);
    await page.getByRole('alert').getByText(studioMessages.allReferencesFailed).waitFor();
    expect(await page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe('Blend this into a house');
    expect(await ringCredits(page)).toBe(String(STARTING_CREDITS));
    await context.close();
  });
});

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility of a busy studio', () => {
  it('has no serious axe violation with a batch, the refinement card and the viewer', async () => {
    // axe comes in as a script tag, which the app's CSP refuses; this context bypasses it.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS.desktop, bypassCSP: true });
    const page = await context.newPage();
    await signedUpStudio(page);
    await useOneView(page);
    await generateWith(page, GOOD_PROMPT, 1);
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill('a portrait of a cat');
    await box.press('Enter');
    await page.locator('.studio-validation').waitFor();
    await page.addScriptTag({ path: axePath });
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('.studio-validation').getByRole('button', { name: 'Dismiss' }).click();
    await page.locator('.studio-validation').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open image 1 of 1' }).click();
    await page.getByRole('dialog', { name: 'Image viewer' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the studio on a phone', () => {
  it('opens the model and option controls as sheets at 375 px', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signedUpStudio(page);
    expect(await page.locator('.studio-models').count()).toBe(0);

    await page.getByRole('button', { name: 'Choose model: Standard' }).click();
    const modelSheet = page.getByRole('dialog', { name: 'Choose model' });
    await modelSheet.waitFor();
    await modelSheet.getByRole('button', { name: 'Ultra' }).click();
    await modelSheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Choose model: Ultra' }).waitFor();

    await page.getByRole('button', { name: 'Options' }).click();
    const options = page.getByRole('dialog', { name: 'Options' });
    await options.waitFor();
    await options.getByRole('button', { name: /Aspect ratio 1:1/ }).click();
    await options.getByRole('button', { name: /Aspect ratio 4:3/ }).waitFor();
    expect(await options.getByRole('button', { name: 'Add reference images' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await options.waitFor({ state: 'detached' });
    await context.close();
  });
});
