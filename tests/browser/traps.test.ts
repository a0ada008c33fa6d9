/**
 * The traps users fell into and the keyboard paths (docs/decisions/0048, 0049, 0050): reference
 * states, the confirmation before a paid generation without a chosen reference, the prompt
 * counter, starter prompts, the skip link and prompt focus, the compact input bar at each width,
 * touch tiles, masonry tab order at each width, dashboard card facts and pricing. The viewer's
 * controls and every route's layout at each width are the layout tour's (tests/browser/layout.test.ts).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { generationRequestMessages } from '#shared/messages';
import { apiGenerate, PASSWORD } from './api';
import { expect, logInInContext, resizeWindow, test, VIEWPORTS } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const PNG = readFileSync(path.join(root, 'frontend/public/logo-512.png'));
const TOO_LARGE = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
const GENERATION_TIMEOUT = 60_000;

// The studio's own texts (frontend/studio/input-copy.ts), as a user reads them.
const copy = {
  refused: 'Refused',
  notUsed: 'Not used',
  confirmTitle: 'Generate without your reference?',
  confirmCancel: 'Keep editing',
  confirmGo: 'Generate anyway',
};
const STARTERS = [
  'A timber pavilion on a lake at dawn, soft mist, wide-angle eye-level view',
  'A minimalist concrete house in the desert at golden hour, long shadows',
];

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
const thumbs = (page: Page) => page.getByRole('list', { name: 'Input images' }).getByRole('listitem');

async function pickFiles(page: Page, files: { name: string; buffer: Buffer }[]): Promise<void> {
  await page.getByTestId('studio-upload-input').setInputFiles(files.map((file) => ({ ...file, mimeType: 'image/png' })));
}

async function generateOne(page: Page, prompt: string): Promise<void> {
  await promptBox(page).fill(prompt);
  await promptBox(page).press('Enter');
  await expect(page.locator('.studio-batch:not(.studio-batch--pending)')).toHaveCount(1, { timeout: GENERATION_TIMEOUT });
}

test.describe('the studio input bar', () => {
  test('shows each reference’s state and the reason of a refusal on its thumbnail at once', async ({ page, studio }) => {
    await pickFiles(page, [
      { name: 'site.png', buffer: PNG },
      { name: 'scan.png', buffer: TOO_LARGE },
    ]);
    await expect(thumbs(page).nth(0)).toHaveAttribute('aria-label', /site\.png — Ready$/);
    await expect(thumbs(page).nth(1)).toHaveAttribute('aria-label', `Reference image scan.png — Refused — ${generationRequestMessages.uploadTooLarge}`);
    await expect(page.getByRole('status').filter({ hasText: 'scan.png' })).toContainText(generationRequestMessages.uploadTooLarge);
    await expect(thumbs(page).nth(1).getByText(copy.refused)).toBeVisible();

    // Past the third image, thumbnails say they will not be used, as the Worker ignores them.
    await pickFiles(page, [
      { name: 'c.png', buffer: PNG },
      { name: 'd.png', buffer: PNG },
    ]);
    await expect(thumbs(page).nth(3)).toHaveAttribute('aria-label', new RegExp(`d\\.png — ${copy.notUsed}`));
    await expect(thumbs(page).nth(2)).toHaveAttribute('aria-label', /c\.png — Ready$/);
  });

  test('asks before a paid generation without a chosen reference, and spends nothing until confirmed', async ({ page, studio }) => {
    await pickFiles(page, [
      { name: 'site.png', buffer: PNG },
      { name: 'scan.png', buffer: TOO_LARGE },
    ]);
    await expect(thumbs(page).nth(0)).toHaveAttribute('aria-label', /Ready$/);
    await promptBox(page).fill('A timber pavilion blending these references');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: copy.confirmTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Generating now takes 4 credits.');
    await dialog.getByRole('button', { name: copy.confirmCancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.studio-batch')).toHaveCount(0);
    await expect(page.locator('.studio-ring')).toContainText('12');

    await promptBox(page).press('Enter');
    await page.getByRole('dialog', { name: copy.confirmTitle }).getByRole('button', { name: copy.confirmGo }).click();
    await expect(page.locator('.studio-batch:not(.studio-batch--pending)')).toHaveCount(1, { timeout: GENERATION_TIMEOUT });
    await expect(page.locator('.studio-ring')).toContainText('8');
  });

  test('shows a counter near the 2,000-character limit and says what is cut', async ({ page, studio }) => {
    const counter = page.locator('#studio-prompt-counter');
    await promptBox(page).fill('a'.repeat(1500));
    await expect(counter).toBeEmpty();
    await promptBox(page).fill('a'.repeat(1700));
    await expect(counter).toHaveText('1,700 / 2,000');
    await promptBox(page).fill('a'.repeat(2100));
    await expect(counter).toContainText('2,100 / 2,000');
    await expect(counter).toContainText('100 characters over: only the first 2,000 are used.');
  });

  test('offers starter prompts in an empty studio that fill the prompt without sending', async ({ page, studio }) => {
    const starter = STARTERS[1]!;
    await page.getByRole('button', { name: starter }).click();
    await expect(promptBox(page)).toHaveValue(starter);
    await expect(promptBox(page)).toBeFocused();
    await expect(page.locator('.studio-batch')).toHaveCount(0);
  });

  test('focuses the prompt on load and points the skip link at it', async ({ page, studio }) => {
    await page.reload();
    await expect(promptBox(page)).toBeFocused();
    const skip = page.getByRole('link', { name: 'Skip to the prompt' });
    // The skip link is the page's first tab stop.
    const first = await page.evaluate(() => document.querySelector('a[href], button, textarea, input, [tabindex]')?.textContent);
    expect(first).toBe('Skip to the prompt');
    await page.getByRole('button', { name: STARTERS[0]! }).focus();
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(promptBox(page)).toBeFocused();
  });
});

test.describe('the compact input bar', () => {
  test('never leaves one or two controls orphaned on a row of their own, at any width', async ({ page, studio }) => {
    for (const width of [VIEWPORTS.desktop.width, 800, VIEWPORTS.tablet.width, 720, 660, VIEWPORTS.phone.width]) {
      await resizeWindow(page, { width, height: 900 });
      await expect(promptBox(page)).toBeVisible();
      const tops = await page.locator('.studio-controls :is(button, a):visible').evaluateAll((list) =>
        list.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      const rows = new Map<number, number>();
      for (const top of tops) {
        const row = [...rows.keys()].find((known) => Math.abs(known - top) < 20) ?? top;
        rows.set(row, (rows.get(row) ?? 0) + 1);
      }
      expect([...rows.values()].every((count) => count >= 3), `${width} px: controls per row ${[...rows.values()].join(', ')}`).toBe(true);
    }
  });
});

test.describe('touch screens', { tag: '@phone' }, () => {
  test('do not focus the prompt on load, so no keyboard covers the page', async ({ openPage, member }) => {
    const phone = await openPage({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, signedInAs: member });
    await phone.goto('/startfree');
    await expect(promptBox(phone)).toBeVisible();
    await expect(promptBox(phone)).not.toBeFocused();
  });
});

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

test.describe('the viewer and the cards', () => {
  test('give the viewer previous/next, the prompt, copy and download', async ({ page, studio }) => {
    await generateOne(page, 'A minimalist concrete house in the desert');
    await page.locator('.studio-batch img').first().click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByText('1 / 4')).toBeVisible();
    for (const name of ['Next image', 'Previous image']) {
      const button = viewer.getByRole('button', { name });
      await expect(button).toBeVisible();
      expect((await boxOf(button)).height).toBeGreaterThanOrEqual(44);
    }
    await expect(viewer.getByText('A minimalist concrete house in the desert')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /Download/ })).toBeVisible();
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer.getByText('2 / 4')).toBeVisible();
  });

  test('label dashboard cards with date, model and a public/private badge', async ({ page, member }) => {
    await apiGenerate(member, 'A bright library interior with oak shelving', { model: 'standard' });
    await page.goto('/dashboard');
    const card = page.locator('article.dashboard-card').first();
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card.locator('.card-meta-model')).toHaveText('Standard');
    await expect(card.getByRole('img', { name: 'Public: shown in the gallery' })).toBeVisible();
  });
});

test.describe('touch tiles', { tag: '@phone' }, () => {
  test('show one calm button per tile, whose actions are 44 px targets', async ({ openPage, member }) => {
    await apiGenerate(member, 'A mid-rise housing block on a rainy street');
    const phone = await openPage({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, signedInAs: member });
    await phone.goto('/dashboard');
    const card = phone.locator('article.dashboard-card').first();
    const more = card.getByRole('button', { name: 'Show actions' });
    await expect(more).toBeVisible();
    expect((await boxOf(more)).width).toBeGreaterThanOrEqual(44);
    await expect(card.getByRole('button', { name: 'Copy prompt' })).toBeHidden();
    await more.tap();
    const copyButton = card.getByRole('button', { name: 'Copy prompt' });
    await expect(copyButton).toBeVisible();
    expect((await boxOf(copyButton)).height).toBeGreaterThanOrEqual(44);
    await card.getByRole('button', { name: 'Hide actions' }).tap();
    await expect(copyButton).toBeHidden();
  });
});

test.describe('mouse tiles', () => {
  test('keep hover actions and never show the touch button', async ({ page, member }) => {
    await apiGenerate(member, 'A timber pavilion on a lake');
    await page.goto('/dashboard');
    const card = page.locator('article.dashboard-card').first();
    await expect(card.getByRole('button', { name: 'Show actions' })).toBeHidden();
    await card.hover();
    await expect(card.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  });
});

const run = promisify(execFile);

test.describe('pricing', () => {
  test('highlights an enterprise member’s own plan, not Pro, and lines the buttons up', async ({ page, member }) => {
    await run(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'plan', member.email, 'enterprise'], {
      cwd: root,
      env: { ...process.env, PORT: process.env.PARTI_TEST_PORT },
    });
    await page.goto('/pricing');
    await expect(page.getByText('Enterprise Member', { exact: true })).toBeVisible();
    await expect(page.locator('article.plan-card.is-highlighted')).toHaveAttribute('data-plan', 'enterprise');
    await expect(page.locator('article.plan-card--pro')).not.toHaveClass(/is-highlighted/);
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      const buttons = page.locator('article.plan-card .plan-button');
      await expect(buttons).toHaveCount(3);
      const tops = await buttons.evaluateAll((list) => list.map((button) => Math.round(button.getBoundingClientRect().top)));
      expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
    }
  });
});

test.describe('keyboard through the masonry', () => {
  test('Tab follows reading order, left to right along the first row, at every width', async ({ page, context, seeded }) => {
    // A member with six generations and nothing else (tests/browser/global-setup.ts).
    await logInInContext(context, { email: seeded.masonry.email, password: PASSWORD });
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.tablet, VIEWPORTS.phone]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      const items = page.locator('.masonry-item');
      await expect(items).toHaveCount(6);
      const columns = Number(await page.locator('.masonry').getAttribute('data-columns'));
      const domOrder = await items.evaluateAll((list) => list.map((item) => (item as HTMLElement).dataset.key ?? ''));

      await items.first().locator('.card-image').first().focus();
      const visited: string[] = [];
      for (let presses = 0; presses < 80 && visited.length < 6; presses += 1) {
        const key = await page.evaluate(() => (document.activeElement?.closest('.masonry-item') as HTMLElement | null)?.dataset.key ?? null);
        if (key && visited.at(-1) !== key) visited.push(key);
        await page.keyboard.press('Tab');
      }
      expect(visited, `${viewport.width} px`).toEqual(domOrder);
      // The first row, left to right: the first `columns` items share one top and step rightwards.
      const boxes = await items.evaluateAll((list) => list.map((item) => item.getBoundingClientRect()).map(({ top, left }) => ({ top, left })));
      const firstRow = boxes.slice(0, columns);
      expect(new Set(firstRow.map((box) => Math.round(box.top))).size, `${viewport.width} px`).toBe(1);
      for (let i = 1; i < firstRow.length; i += 1) expect(firstRow[i]!.left).toBeGreaterThan(firstRow[i - 1]!.left);
    }
  });

  test('draws a card image’s focus ring inside the card, unclipped', async ({ page, member }) => {
    await apiGenerate(member, 'A stone chapel on a hill');
    await page.goto('/dashboard');
    const image = page.locator('article.dashboard-card .card-image').first();
    await image.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(image).toBeFocused();
    const outline = await image.evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: style.outlineWidth, offset: Number.parseFloat(style.outlineOffset) };
    });
    expect(outline.width).toBe('3px');
    // An inset ring (offset ≤ −width) lies inside the frame that clips the card's corners.
    expect(outline.offset).toBeLessThanOrEqual(-3);
  });
});
