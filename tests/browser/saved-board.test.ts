/**
 * Saved, client-ready boards (docs/decisions/0088-saved-boards.md): a project's board reopens as it
 * was left; its PDF carries version names and the user's words (never a model), a title block with
 * the practice, its logo, the sheet number and revision; its images fill their cells; the next
 * board starts from the same practice; on a phone the reopened board fits the screen.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiGenerate, apiProject, type ApiUser } from './api';
import { atEachWidth, expect, horizontalOverflow, PHONE_WIDTH, test, VIEWPORTS } from './fixtures';
import { readPdf, type PdfPage } from './pdf';

const PROJECT = 'Riverside Library';
const LOGO = { width: 120, height: 40 };

test.beforeEach(() => test.setTimeout(120_000));

/** A1 (16:9), A2 made from it (16:9) and B1 (3:4) in a new project. */
async function projectWithVersions(member: ApiUser, name = PROJECT): Promise<{ projectId: string; token: string }> {
  const projectId = await apiProject(member, name, { materials: 'oak and zinc' });
  const a1 = await apiGenerate(member, 'A riverside library with a folded timber roof', { projectId, aspectRatio: '16:9' });
  await apiGenerate(member, 'The library with a reading terrace over the water', { parentId: a1, aspectRatio: '16:9' });
  await apiGenerate(member, 'A reading tower by the bridge', { projectId, aspectRatio: '3:4' });
  return { projectId, token: member.token };
}

/** A small PNG drawn by the page's own canvas: the practice's logo. */
async function logoPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(({ width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#1d1d1b';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#a4471f';
    context.fillRect(8, 8, height - 16, height - 16);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, LOGO);
  return Buffer.from(base64, 'base64');
}

async function openBoard(page: Page, projectId: string): Promise<void> {
  await page.goto(`/projects/${projectId}/board`);
  await expect(page.getByRole('heading', { level: 1, name: 'Presentation board' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Choose images' }).getByRole('button')).toHaveCount(3);
}

async function exportPdf(page: Page): Promise<PdfPage[]> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  return readPdf(new Uint8Array(await readFile(await (await downloaded).path())));
}

/** The words a PDF page shows, line after line. */
const shownText = (sheet: PdfPage | undefined) => [...(sheet?.text ?? '').matchAll(/\((.*?)\) Tj/g)].map((match) => match[1]).join(' ');

const captions = (page: Page) => page.getByRole('textbox', { name: /^Caption of image \d$/ });
const captionValues = (page: Page) => captions(page).evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));

test('a board reopens as it was left, fits a phone, and exports client-ready sheets', async ({ page, member }) => {
  const { projectId } = await projectWithVersions(member);
  await openBoard(page, projectId);
  const picker = page.getByRole('group', { name: 'Choose images' }).getByRole('button');
  // B1, then A2, then A1.
  for (const index of [2, 1, 0]) await picker.nth(index).click();
  await expect.poll(() => captionValues(page)).toEqual([
    'B1 · A reading tower by the bridge',
    'A2 · The library with a reading terrace over the water',
    'A1 · A riverside library with a folded timber roof',
  ]);
  await page.getByRole('radio', { name: 'A4' }).check();
  await page.getByRole('radio', { name: '2 up' }).check();
  await expect(page.getByRole('radio', { name: 'Fill the cell' })).toBeChecked();
  await page.getByLabel('Caption of image 2').fill('A2 · The terrace at dusk, from the far bank');
  await page.getByLabel('Practice name').fill('Studio North');
  await page.getByLabel('Sheet', { exact: true }).fill('A-101');
  await page.getByLabel('Revision').fill('P2');
  await page.getByLabel('View', { exact: true }).fill('Option A and B');
  await page.getByLabel('Date', { exact: true }).fill('3 Dec 2026');
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'studio-north.png', mimeType: 'image/png', buffer: await logoPng(page) });
  await expect(page.getByRole('img', { name: 'Studio North logo' }).first()).toBeVisible();
  await expect(page.locator('.board-save-status')).toHaveText('Saved');

  // Reopened: everything as it was left.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'A4' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '2 up' })).toBeChecked();
  await expect.poll(() => captionValues(page)).toEqual([
    'B1 · A reading tower by the bridge',
    'A2 · The terrace at dusk, from the far bank',
    'A1 · A riverside library with a folded timber roof',
  ]);
  await expect(page.getByLabel('Practice name')).toHaveValue('Studio North');
  await expect(page.getByLabel('Sheet', { exact: true })).toHaveValue('A-101');
  await expect(page.getByLabel('Revision')).toHaveValue('P2');
  await expect(page.getByLabel('View', { exact: true })).toHaveValue('Option A and B');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('3 Dec 2026');
  await expect(page.getByRole('img', { name: 'Studio North logo' }).first()).toBeVisible();
  // On a phone the reopened board and its title block fit the screen.
  await atEachWidth(
    page,
    async () => {
      await expect(page.getByRole('figure', { name: 'Preview: Page 2 of 2' }).getByText('A-102', { exact: true })).toBeAttached();
      for (const field of ['Practice name', 'Sheet', 'Revision']) {
        const box = await page.getByLabel(field, { exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width, `${field} inside the screen`).toBe(true);
      }
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
    },
    PHONE_WIDTH,
  );

  // On screen, each image fills its cell: it covers the cell's image area, centred, the rest clipped.
  const sheet = page.getByRole('figure', { name: 'Preview: Page 1 of 2' });
  await expect(sheet.locator('.board-sheet__clip')).toHaveCount(2);
  for (const clip of await sheet.locator('.board-sheet__clip').all()) {
    const [area, image] = [await clip.boundingBox(), await clip.locator('img').boundingBox()];
    if (!area || !image) throw new Error('a cell without a box');
    expect(image.width).toBeGreaterThanOrEqual(area.width - 1);
    expect(image.height).toBeGreaterThanOrEqual(area.height - 1);
    expect(Math.min(image.width - area.width, image.height - area.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(image.x + image.width / 2 - (area.x + area.width / 2))).toBeLessThanOrEqual(1);
  }

  const pages = await exportPdf(page);
  expect(pages.map((pdfPage) => pdfPage.mediaBox)).toEqual([{ width: 841.89, height: 595.28 }, { width: 841.89, height: 595.28 }]);
  const [first, second] = [shownText(pages[0]), shownText(pages[1])];
  for (const words of ['Studio North', PROJECT, 'B1 · A reading tower by the bridge', 'A2 · The terrace at dusk, from the far bank', 'A-101', 'P2', 'oak and zinc']) {
    expect(first).toContain(words);
  }
  expect(second).toContain('A1 · A riverside library with a folded timber roof');
  expect(second).toContain('A-102');
  // The user's words and the version names, never the model.
  expect(`${first} ${second}`).not.toMatch(/\bFast\b/);
  // Every sheet carries the logo, and each image is drawn through a clip of its cell.
  for (const pdfPage of pages) {
    expect(pdfPage.images.map(({ width, height }) => ({ width, height }))).toContainEqual(LOGO);
    expect(pdfPage.text).toMatch(/ re\s+W\s+n\s/);
  }

  // The next project's board starts from the same practice and logo.
  const harbour = await projectWithVersions(member, 'Harbour Baths');
  await openBoard(page, harbour.projectId);
  await expect(page.getByLabel('Practice name')).toHaveValue('Studio North');
  await expect(page.getByRole('img', { name: 'Studio North logo' }).first()).toBeVisible();
  await expect(captions(page)).toHaveCount(0);
});
