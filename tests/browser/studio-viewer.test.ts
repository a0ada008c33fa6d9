/**
 * The studio's images as a first-time architect found them (issue 22 item 12): the viewer zooms
 * (wheel, pinch, double click or tap for 100 %), says the image's model and size, offers like,
 * download, "Refine this" and "Add to board", and steps through the opened batch only; the tiles
 * show their focus ring and name the image each button acts on. The flow runs at 1440 px; the
 * phone (375 px, touch) pinches and checks the layout.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { studioUiMessages, viewerMessages } from '#shared/messages';
import { apiGenerate, apiProject } from './api';
import { expect, seriousViolations, test, VIEWPORTS } from './fixtures';
import { doubleTap, touchGesture } from './touch';

const GENERATION_TIMEOUT = 45_000;
const FIRST = 'A timber cabin with a sloped roof beside a mountain lake';
const SECOND = 'A brutalist museum with a sunken courtyard';

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
const batches = (page: Page) => page.locator('.studio-batch:not(.studio-batch--pending)');
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });
const zoomOf = async (page: Page) => Number(await viewer(page).locator('.viewer-image').first().getAttribute('data-zoom'));
const zoomPercent = (page: Page) => viewer(page).locator('.viewer-zoom-value');

async function generate(page: Page, prompt: string, count: number): Promise<void> {
  await promptBox(page).fill(prompt);
  await promptBox(page).press('Enter');
  await expect(batches(page)).toHaveCount(count, { timeout: GENERATION_TIMEOUT });
}

/** Fast and two views: one click turns 4 views into 1, a second into 2. */
async function fastTwoViews(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fast' }).click();
  await page.getByRole('button', { name: /4 views, change/ }).click();
  await page.getByRole('button', { name: /1 view, change/ }).click();
  await expect(page.getByRole('button', { name: /2 views, change/ })).toBeVisible();
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Pixels of the focus colour (app.css --focus, #1f5fbf) in a 6 px strip just left of the element. */
async function focusPixelsLeftOf(page: Page, element: Locator): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not on the screen');
  const png = await page.screenshot({ clip: { x: box.x - 6, y: box.y + box.height / 4, width: 6, height: box.height / 2 } });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let offset = 0; offset < data.length; offset += info.channels) {
    const [red = 0, green = 0, blue = 0] = [data[offset], data[offset + 1], data[offset + 2]];
    if (Math.abs(red - 0x1f) < 24 && Math.abs(green - 0x5f) < 24 && Math.abs(blue - 0xbf) < 24) count += 1;
  }
  return count;
}

test.describe('the studio’s images at 1440 px', () => {
  test('the viewer steps through the opened batch, zooms, tells model and size, and likes, downloads and refines', async ({ page, studio }) => {
    await fastTwoViews(page);
    await generate(page, FIRST, 1);
    await generate(page, SECOND, 2);

    // The newest batch's first image: the viewer pages through its two images only, wrapping.
    await batches(page).last().getByRole('button', { name: 'Open image 1 of 2' }).click();
    const position = viewer(page).locator('.viewer-position');
    await expect(position).toHaveText('1 / 2');
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('2 / 2');
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('1 / 2');
    await expect(viewer(page).locator('.viewer-prompt')).toHaveText(SECOND);
    const facts = viewer(page).locator('.viewer-details');
    await expect(facts).toContainText(`${viewerMessages.model}Fast`);
    await expect(facts).toContainText(`${viewerMessages.size}1,024 × 1,024 px`);

    // The wheel zooms around the pointer (it no longer moves on), a double click toggles 100 % and the fit.
    const image = viewer(page).locator('.viewer-image').first();
    // The image and its fitted percentage show once the stage is measured.
    await expect(image).toBeVisible();
    await expect(zoomPercent(page)).toBeVisible();
    const fitted = await zoomPercent(page).textContent();
    const centre = await centreOf(image);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.2);
    await expect(position).toHaveText('1 / 2');
    await page.keyboard.press('0');
    await expect.poll(() => zoomOf(page)).toBe(1);
    await image.dblclick({ force: true });
    await expect(zoomPercent(page)).toHaveText(viewerMessages.zoomPercent(100));
    await image.dblclick({ force: true });
    await expect(zoomPercent(page)).toHaveText(fitted ?? '');
    await page.keyboard.press('+');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.4);
    await viewer(page).getByRole('button', { name: viewerMessages.zoomOut }).click();
    await expect.poll(() => zoomOf(page)).toBe(1);

    // Like is the batch's: it shows on the batch once the viewer closes.
    const like = viewer(page).getByRole('button', { name: viewerMessages.like, exact: true });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const download = page.waitForEvent('download');
    await viewer(page).getByRole('button', { name: 'Download image' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.jpg$/);
    await page.keyboard.press('Escape');
    await expect(batches(page).last().getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Refine this: the image becomes the one input, in refine mode, and the prompt is ready for the words.
    await batches(page).first().getByRole('button', { name: 'Open image 2 of 2' }).click();
    await viewer(page).getByRole('button', { name: studioUiMessages.refineThis }).click();
    await expect(viewer(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refine mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Concept' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.studio-thumb')).toHaveCount(1);
    await expect(batches(page).first().getByRole('button', { name: /Select for refinement: image 2 of 2/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(promptBox(page)).toBeFocused();
  });

  test('an image in a project says its version and downloads under it; Add to board opens the project’s board with the image on it, and asks for a project when the image is in none', async ({ page, member }) => {
    const projectId = await apiProject(member, 'Riverside library');
    await apiGenerate(member, FIRST, { projectId });
    await apiGenerate(member, SECOND);
    await page.goto('/startfree');
    await expect(batches(page)).toHaveCount(2);

    const board = page.getByRole('group', { name: 'Choose images' });
    await batches(page).filter({ hasText: FIRST }).getByRole('button', { name: 'Open image 1 of 1' }).click();
    // Its name in the project, as the tree and the client say it, beside the prompt and on its file.
    await expect(viewer(page).locator('.viewer-details')).toContainText(`${viewerMessages.version}A1`);
    const download = page.waitForEvent('download');
    await viewer(page).getByRole('button', { name: 'Download image' }).click();
    expect((await download).suggestedFilename()).toBe('riverside-library-A1.jpg');
    await viewer(page).getByRole('link', { name: studioUiMessages.addToBoard }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/projects/${projectId}/board` && url.search === '');
    await expect(board.getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(board).toContainText('1 image on the board');

    await page.goBack();
    await batches(page).filter({ hasText: SECOND }).getByRole('button', { name: 'Open image 1 of 1' }).click();
    // Outside any project it has no version, and its file keeps its id.
    await expect(viewer(page).locator('.viewer-details')).not.toContainText(viewerMessages.version);
    await viewer(page).getByRole('button', { name: studioUiMessages.addToBoard }).click();
    const choose = page.getByRole('dialog', { name: studioUiMessages.chooseBoard });
    await expect(choose).toBeVisible();
    await expect.poll(() => seriousViolations(page)).toEqual([]);
    await choose.getByRole('button', { name: 'Riverside library' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/projects/${projectId}/board`);
    await expect(board.getByRole('button')).toHaveCount(2);
    await expect(board.getByRole('button', { name: new RegExp(SECOND) })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a tile focused from the keyboard shows its whole focus ring, and each image button names its image', async ({ page, studio }) => {
    await fastTwoViews(page);
    await generate(page, FIRST, 1);
    const tiles = batches(page).last().locator('.studio-tile');
    await expect(tiles.nth(1).getByRole('button', { name: 'Download: image 2 of 2' })).toHaveCount(1);
    await expect(tiles.nth(1).getByRole('button', { name: 'Select for refinement: image 2 of 2' })).toHaveCount(1);
    await expect(tiles.nth(1).getByRole('button', { name: 'Edit region: image 2 of 2' })).toHaveCount(1);
    await expect(tiles.nth(1).getByRole('button', { name: 'Open image 2 of 2' })).toHaveCount(1);

    const before = await focusPixelsLeftOf(page, tiles.first());
    // Delete is the batch's last control before its images: one Tab from it lands on the first tile.
    await batches(page).last().hover();
    await batches(page).last().getByRole('button', { name: 'Delete batch' }).focus();
    await page.keyboard.press('Tab');
    await expect(tiles.first().getByRole('button', { name: 'Open image 1 of 2' })).toBeFocused();
    await expect.poll(() => focusPixelsLeftOf(page, tiles.first())).toBeGreaterThan(before + 20);
  });
});

test.describe('the studio’s viewer at 375 px', { tag: '@phone' }, () => {
  test('a swipe steps, a pinch zooms and a double tap toggles 100 %, with the zoom, the arrows and the facts clear of each other', async ({ member, openPage }) => {
    await apiGenerate(member, FIRST, { views: 4 });
    const phone = await openPage({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, signedInAs: member });
    await phone.goto('/startfree');
    await batches(phone).first().getByRole('button', { name: 'Open image 1 of 4' }).tap();
    await expect(viewer(phone).locator('.viewer-position')).toHaveText('1 / 4');

    const stage = viewer(phone).locator('.viewer-frame');
    const middle = await centreOf(stage);
    // Over the fitted image one finger swipes: 30 px is too short, 120 px to the left moves on, to the right back.
    const swipe = (dx: number) => touchGesture(phone, [{ x: middle.x - dx / 2, y: middle.y }], [{ x: middle.x + dx / 2, y: middle.y }]);
    await swipe(-30);
    await swipe(-120);
    await expect(viewer(phone).locator('.viewer-position')).toHaveText('2 / 4');
    await swipe(120);
    await expect(viewer(phone).locator('.viewer-position')).toHaveText('1 / 4');
    await touchGesture(phone, [{ x: middle.x - 20, y: middle.y }, { x: middle.x + 20, y: middle.y }], [{ x: middle.x - 90, y: middle.y }, { x: middle.x + 90, y: middle.y }]);
    await expect.poll(() => zoomOf(phone)).toBeGreaterThan(2);
    await expect(viewer(phone).locator('.viewer-position')).toHaveText('1 / 4');
    await doubleTap(phone, middle);
    await expect.poll(() => zoomOf(phone)).toBe(1);
    await doubleTap(phone, middle);
    await expect(zoomPercent(phone)).toHaveText(viewerMessages.zoomPercent(100));

    const controls = [
      viewer(phone).getByRole('group', { name: viewerMessages.zoom }),
      viewer(phone).getByRole('button', { name: 'Close' }),
      viewer(phone).getByRole('button', { name: 'Previous image' }),
      viewer(phone).getByRole('button', { name: 'Next image' }),
    ];
    for (const [index, control] of controls.entries()) {
      await expect(control).toBeInViewport({ ratio: 1 });
      for (const other of controls.slice(index + 1)) {
        const [a, b] = [await control.boundingBox(), await other.boundingBox()];
        expect(a && b && (a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y)).toBe(true);
      }
    }
    await expect(viewer(phone).locator('.viewer-details')).toContainText('1,024 × 1,024 px');
    await expect.poll(() => seriousViolations(phone)).toEqual([]);
  });
});
