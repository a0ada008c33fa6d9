/**
 * Print-ready, end to end at desktop width (docs/decisions/0090-print-ui.md): a pro user's project
 * with a 4K and a 1K render downloads as one ZIP whose entries are the originals, and its A3 board
 * embeds every image at 300 dpi or more where the source has the pixels; the 1K image's cell says
 * it prints low, and its upscale, one press away, takes its place. Needs the Worker's print routes
 * (api.md "Print resolution, upscale, downloads"): 4K renders, the upscale job and the project ZIP.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { ProjectDetail } from '#shared/project-types';
import { PRINT_DPI } from '#shared/print';
import { apiBuyCredits, apiJson, apiProject } from './api';
import { expect, test, type ApiUser } from './fixtures';
import { readPdf } from './pdf';

const PROJECT = 'Harbour Baths';
const POINTS_PER_INCH = 72;

test.beforeEach(() => test.setTimeout(180_000));

/** A pro member's project with a 4K Standard render (16:9) and a 1K Fast one (1:1), made through the API. */
async function printProject(member: ApiUser): Promise<ProjectDetail> {
  await apiBuyCredits(member, 30);
  const projectId = await apiProject(member, PROJECT);
  const renders = [
    { model: 'standard', aspectRatio: '16:9', resolution: '4K' },
    { model: 'fast', aspectRatio: '1:1', resolution: '1K' },
  ];
  for (const [index, render] of renders.entries()) {
    await apiJson('/api/generate', member.token, 'POST', {
      prompt: `Sea baths carved into the harbour wall, view ${index + 1}, overcast morning light`,
      ...render,
      numberOfViews: 1,
      projectId,
    });
  }
  return apiJson<ProjectDetail>(`/api/projects/${projectId}`, member.token);
}

test('a project downloads as one ZIP of its originals, and its A3 board prints at 300 dpi where the sources allow', async ({ page, member }) => {
  // The Blob path: Playwright sees a download, where the file picker would open a dialog it cannot answer.
  await page.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }));
  const project = await printProject(member);
  const originals = project.generations.map((generation) => generation.images[0]);
  expect(originals.map((image) => Math.max(image?.width ?? 0, image?.height ?? 0))).toEqual([4096, 1024]);

  // Download all: one ZIP named after the project, its progress in the tray, its entries the originals.
  await page.goto(`/projects/${project.id}`);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all 2 images as a ZIP' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('harbour-baths.zip');
  await expect(page.getByRole('region', { name: 'Download' }).getByRole('status')).toHaveText('Saved harbour-baths.zip');
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
  expect(names).toHaveLength(2);
  expect(new Set(names).size).toBe(2);
  for (const name of names) expect(name).toMatch(/harbour-baths/i);
  const zipped = names.map((name) => Buffer.from(entries[name] ?? new Uint8Array()));
  for (const original of originals) {
    const bytes = await (await page.request.get(original?.url ?? '')).body();
    expect(zipped.some((entry) => entry.equals(bytes)), `${original?.width} px original is in the ZIP byte for byte`).toBe(true);
  }

  // The board: A3, two up. The 1K image prints low (about 135 dpi) and says so, with the upscale one press away.
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  const toggles = page.getByRole('group', { name: 'Choose images' }).getByRole('button');
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  await page.getByRole('radio', { name: 'A3' }).check();
  await page.getByRole('radio', { name: '2 up' }).check();
  // Whole images: a covering one is placed larger than its cell, which would lower every dpi below.
  await page.getByRole('radio', { name: 'Show the whole image' }).check();
  const order = page.getByRole('group', { name: 'Order and captions' });
  await expect(order.getByText(/^Prints at \d+ dpi$/)).toHaveCount(1);
  const low = order.getByText(/^This view prints at \d+ dpi on A3; upscale it\?$/);
  await expect(low).toBeVisible();
  const lowDpi = Number(/(\d+) dpi/.exec((await low.textContent()) ?? '')?.[1]);
  await order.getByRole('button', { name: /^Upscale ×2/ }).click();
  await expect(order.getByText(/^Upscaling…/)).toBeVisible();
  // The upscale lands and takes the 1K image's place: twice the pixels, twice the dpi.
  await expect(order.getByText(/^Upscaling…/)).toHaveCount(0, { timeout: 90_000 });
  await expect(order.getByText(new RegExp(`prints at (${2 * lowDpi}|${2 * lowDpi + 1}) dpi`, 'i'))).toBeVisible();

  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await readPdf(new Uint8Array(await readFile(await (await exported).path())));
  const [sheet] = pdf;
  if (!sheet) throw new Error('no page');
  expect(sheet.mediaBox).toEqual({ width: 1190.55, height: 841.89 });
  expect(sheet.images.map((image) => Math.max(image.width, image.height))).toEqual([4096, 2048]);
  for (const image of sheet.images) {
    if (!image.placed) throw new Error('an image with no placement');
    const dpi = image.width / (image.placed.width / POINTS_PER_INCH);
    // At 300 dpi where the source has the pixels; below only when the embedded file is the source's full size.
    if (dpi < PRINT_DPI) expect(Math.max(image.width, image.height), `an image at ${Math.round(dpi)} dpi is its source's full size`).toBe(2048);
    else expect(dpi).toBeGreaterThanOrEqual(PRINT_DPI);
    expect(image.filter).toBe('/DCTDecode');
  }
  const fourK = sheet.images.find((image) => image.width === 4096);
  expect(fourK && fourK.placed ? fourK.width / (fourK.placed.width / POINTS_PER_INCH) : 0).toBeGreaterThanOrEqual(PRINT_DPI);
});
