import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { boardMessages } from '#shared/messages';
import type { ProjectDetail } from '#shared/project-types';
import { apiBuyCredits, apiGenerate, apiJson, apiProject, type ApiUser } from './api';
import { expect, test } from './fixtures';
import { readPdf, type PdfPage } from './pdf';

const PROJECT = 'Riverside Library';
const BRIEF = { materials: 'oak, zinc and board-formed concrete', timeOfDay: 'dusk' };
/** Four ratios, so every original has its own pixel size. */
const RATIOS = ['16:9', '1:1', '3:4', '4:3'] as const;

// Each test first makes its generations through the API: on a loaded two-core machine that alone
// can take most of the default minute.
test.beforeEach(() => test.setTimeout(120_000));

/**
 * A project with one Fast generation per ratio, made through the API and moved into the project
 * (PATCH /api/generations/:id), as the dashboard would; returns the project's detail.
 */
async function projectWithGenerations(member: ApiUser, ratios: readonly string[]): Promise<ProjectDetail> {
  const projectId = await apiProject(member, PROJECT, BRIEF);
  for (const [index, aspectRatio] of ratios.entries()) {
    const id = await apiGenerate(member, `A riverside library with a folded timber roof, view ${index + 1}, warm light at dusk`, { aspectRatio });
    await apiJson(`/api/generations/${id}`, member.token, 'PATCH', { projectId });
  }
  return apiJson<ProjectDetail>(`/api/projects/${projectId}`, member.token);
}

/** The board, reached from the project page's Board button. */
async function openBoard(page: Page, projectId: string): Promise<void> {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL(`/projects/${projectId}/board`);
  await expect(page.getByRole('heading', { level: 1, name: 'Presentation board' })).toBeVisible();
}

/** Presses Export and reads the PDF the browser saves. */
async function exportPdf(page: Page): Promise<{ name: string; pages: PdfPage[] }> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const download = await downloaded;
  const path = await download.path();
  return { name: download.suggestedFilename(), pages: await readPdf(new Uint8Array(await readFile(path))) };
}

test('a board of four images exports to an A3 PDF with the originals and the title block', async ({ page, member }) => {
  const project = await projectWithGenerations(member, RATIOS);
  const originals = project.generations.map((generation) => generation.images[0]);
  expect(originals).toHaveLength(4);
  await openBoard(page, project.id);

  const picker = page.getByRole('group', { name: 'Choose images' });
  const toggles = picker.getByRole('button');
  await expect(toggles).toHaveCount(4);
  // Chosen last first, then the first one moved back to the front by keyboard.
  for (const index of [3, 2, 1, 0]) await toggles.nth(index).click();
  await expect(toggles.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Move image 4 earlier' }).focus();
  for (const position of [3, 2, 1]) {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Move image ${position} earlier` })).toBeFocused();
  }
  await page.getByRole('radio', { name: 'A3' }).check();
  await page.getByRole('radio', { name: '4 up' }).check();
  await page.getByLabel('Caption of image 1').fill('North elevation at dusk');
  await page.getByLabel('View', { exact: true }).fill('Reading terrace over the water');

  // The preview shows the same sheet: four images, the title block, and the free-plan line.
  const sheet = page.getByRole('figure', { name: 'Preview: Page 1 of 1' });
  await expect(sheet.getByRole('img')).toHaveCount(4);
  await expect(sheet.getByText(boardMessages.freePlanMark)).toBeVisible();
  // Each caption is the image's version name and the user's words (every generation was moved in as its own tree).
  await expect(sheet.getByText(/^D1 · A riverside library with a folded timber roof, view 4/)).toBeVisible();

  const { name, pages } = await exportPdf(page);
  expect(name).toBe('riverside-library-board.pdf');
  expect(pages).toHaveLength(1);
  const [sheetPdf] = pages;
  if (!sheetPdf) throw new Error('no page');
  expect(sheetPdf.mediaBox).toEqual({ width: 1190.55, height: 841.89 });
  // Board order: the first generation (moved to the front), then the fourth, third and second.
  const order = [0, 3, 2, 1].map((index) => originals[index]);
  expect(sheetPdf.images.map(({ width, height }) => ({ width, height }))).toEqual(order.map((image) => ({ width: image?.width, height: image?.height })));
  for (const [index, embedded] of sheetPdf.images.entries()) {
    expect(embedded.filter).toBe('/DCTDecode');
    const original = await page.request.get(order[index]?.url ?? '');
    expect(Buffer.from(embedded.bytes).equals(await original.body()), `image ${index + 1} is the original's bytes`).toBe(true);
  }
  // The text shown, line after line (a title-block field wraps to its column).
  const shown = [...sheetPdf.text.matchAll(/\((.*?)\) Tj/g)].map((match) => match[1]).join(' ');
  for (const words of [PROJECT, 'Reading terrace over the water', 'North elevation at dusk', BRIEF.materials, BRIEF.timeOfDay, boardMessages.freePlanMark]) {
    expect(shown).toContain(words);
  }
  expect(shown).toContain('D1 · A riverside library with a folded timber roof, view 4');
});

test('a pro board carries no free-plan line', async ({ page, member }) => {
  const project = await projectWithGenerations(member, ['1:1']);
  await apiBuyCredits(member, 1);
  await openBoard(page, project.id);
  await page.getByRole('group', { name: 'Choose images' }).getByRole('button').first().click();
  await expect(page.getByRole('figure').getByRole('img')).toHaveCount(1);
  await expect(page.getByText(boardMessages.freePlanMark)).toHaveCount(0);
  const { pages } = await exportPdf(page);
  expect(pages.map((sheet) => sheet.images.length)).toEqual([1]);
  expect(pages[0]?.text).toContain(`(${PROJECT}) Tj`);
  expect(pages[0]?.text).not.toContain(boardMessages.freePlanMark);
});
