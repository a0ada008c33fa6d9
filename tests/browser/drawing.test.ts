/**
 * Starting from a drawing (docs/decisions/0093-drawing-inputs-ui.md; issue 24): a line drawing made
 * at test time on a canvas, uploaded through "Start from my drawing", its type picked, rendered in
 * Precise by the offline preview engine; the geometry badge on its tile and the overlay in the
 * viewer at 1440 px, and at 768 and 375 px the same screens' layout, the window turned to each
 * (no sideways scroll, touch targets, axe).
 */
import type { Locator, Page } from '@playwright/test';
import { atEachWidth, expect, horizontalOverflow, PHONE_WIDTH, seriousViolations, settleAnimations, SMALLER_WIDTHS, test } from './fixtures';

const PROMPT = 'A two-storey brick house with a pitched roof and tall windows, photoreal, soft morning light';
const GENERATION_TIMEOUT = 90_000;
const BADGE = /^Geometry kept \d{1,3} %/;

/** An elevation of a house in black lines on white, drawn on a canvas in the page: its PNG. */
async function drawingPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1024;
    canvas.height = 768;
    const pen = canvas.getContext('2d');
    if (!pen) throw new Error('no 2D canvas');
    pen.fillStyle = '#ffffff';
    pen.fillRect(0, 0, canvas.width, canvas.height);
    pen.strokeStyle = '#1d1d1b';
    pen.lineWidth = 4;
    const line = (points: [number, number][]) => {
      pen.beginPath();
      points.forEach(([x, y], index) => (index === 0 ? pen.moveTo(x, y) : pen.lineTo(x, y)));
      pen.stroke();
    };
    line([[96, 660], [928, 660]]);
    line([[200, 660], [200, 360], [512, 150], [824, 360], [824, 660]]);
    line([[200, 360], [824, 360]]);
    for (const x of [250, 664]) pen.strokeRect(x, 420, 110, 130);
    pen.strokeRect(457, 500, 110, 160);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const question = (page: Page) => page.getByRole('group', { name: 'What is elevation.png?' });
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });

/** Through the studio's "Start from my drawing": the file goes up and its guess is preselected. */
async function startFromDrawing(page: Page): Promise<void> {
  const choose = page.getByRole('region', { name: 'Start from my drawing' }).getByRole('button', { name: 'Choose a drawing' });
  // The address asked for a drawing: its button has the focus, not the prompt.
  await expect(choose).toBeFocused();
  await page.getByTestId('drawing-start-input').setInputFiles({ name: 'elevation.png', mimeType: 'image/png', buffer: await drawingPng(page) });
  // White paper and black lines: the Worker takes it for a plan or elevation.
  await expect(question(page).getByRole('radio', { name: 'Plan or elevation' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeFocused();
}

/** The user says it is a hand sketch, then moves to the most precise step with the keyboard. */
async function pickSketchInPrecise(page: Page): Promise<void> {
  await question(page).getByRole('radio', { name: 'Hand sketch' }).check();
  const slider = question(page).getByRole('slider', { name: 'How closely to follow it' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Precise, 4 of 5: follows its lines, closely');
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Most precise, 5 of 5: follows every line, exactly');
}

/** One view, then Generate; returns the request's body. */
async function render(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('button', { name: /4 views, change/ }).click();
  await expect(page.getByRole('button', { name: /1 view, change/ })).toBeVisible();
  const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/generate');
  await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
  await page.getByRole('textbox', { name: 'Prompt' }).press('Enter');
  return (await sent).postDataJSON() as Record<string, unknown>;
}

async function openOverlay(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open image 1 of 1' }).click();
  const panel = viewer(page).getByRole('region', { name: 'Geometry' });
  await expect(panel.getByText(BADGE)).toBeVisible();
  await panel.getByRole('button', { name: 'Geometry overlay' }).click();
  const overlay = viewer(page).getByRole('img', { name: 'Your drawing’s lines over the render: kept, lost and added' });
  await expect(overlay).toBeVisible();
  await expect.poll(() => overlay.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1024);
  return overlay;
}

async function heights(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
}

test.describe('starting from a drawing', () => {
  test('a drawing uploaded from the start, typed and rendered in Precise shows its geometry badge and overlay, laid out at 1440, 768 and 375 px', async ({ page, member }) => {
    test.slow();
    expect(member.email).toBeTruthy();
    // The landing's link: a free member's /generate goes on to /startfree, the request kept.
    await page.goto('/generate?start=drawing');
    await expect(page).toHaveURL(/\/startfree\?start=drawing$/);
    await startFromDrawing(page);
    await pickSketchInPrecise(page);
    // The picker at the smaller widths: no sideways scroll, no axe violation, and on a phone its
    // choices and slider are touch-sized.
    await atEachWidth(
      page,
      async (width) => {
        await expect.poll(() => horizontalOverflow(page), { message: `overflow of the picker at ${width}` }).toBe(0);
        if (width === '375 px') for (const height of await heights(question(page).locator('.drawing-input-type, input[type="range"]'))) expect(height).toBeGreaterThanOrEqual(40);
        await expect.poll(() => seriousViolations(page), { message: `axe with the drawing picker at ${width}` }).toEqual([]);
        if (width === '375 px') await page.screenshot({ path: test.info().outputPath('drawing-picker-375.png') });
      },
      SMALLER_WIDTHS,
    );
    expect(await render(page)).toMatchObject({ inputType: 'sketch', fidelity: 5, model: 'concept', numberOfViews: 1 });

    const badge = page.getByRole('button', { name: BADGE });
    await expect(badge).toBeVisible({ timeout: GENERATION_TIMEOUT });
    // The prompt bubble shows the drawing it was sent with, its picked file's preview still readable.
    const sentDrawing = page.getByRole('list', { name: 'Reference Image' }).getByRole('img');
    await expect.poll(() => sentDrawing.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1024);
    await badge.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'The share of your drawing’s lines this render kept in place.' })).toBeVisible();
    await page.mouse.move(0, 0);
    // On a phone the badge is a 24 px target, and a tap shows the explanation where there is no hover.
    await atEachWidth(
      page,
      async () => {
        for (const height of await heights(badge)) expect(height).toBeGreaterThanOrEqual(24);
        await badge.click();
        await expect(page.getByRole('tooltip').filter({ hasText: 'this render kept in place' })).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await page.screenshot({ path: test.info().outputPath('drawing-badge-375.png') });
        await badge.click();
      },
      PHONE_WIDTH,
    );

    const overlay = await openOverlay(page);
    // Stretched over the render exactly, fitted and zoomed in: it zooms with the image (docs/decisions/0091).
    const shown = viewer(page).locator('img.viewer-image').first();
    const offBy = async () => {
      const [map, image] = await Promise.all([overlay.boundingBox(), shown.boundingBox()]);
      return map && image ? Math.abs(map.x - image.x) + Math.abs(map.y - image.y) + Math.abs(map.width - image.width) + Math.abs(map.height - image.height) : Infinity;
    };
    expect(await offBy()).toBeLessThan(2);
    const fittedWidth = (await shown.boundingBox())?.width ?? 0;
    await page.keyboard.press('+');
    await expect.poll(async () => (await shown.boundingBox())?.width ?? 0).toBeGreaterThan(fittedWidth * 1.2);
    await expect.poll(offBy).toBeLessThan(2);
    await page.keyboard.press('0');
    await expect.poll(async () => (await shown.boundingBox())?.width ?? 0).toBeCloseTo(fittedWidth, 0);
    const opacity = viewer(page).getByRole('slider', { name: 'Overlay opacity' });
    await opacity.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(opacity).toHaveAttribute('aria-valuetext', '75 %');
    await expect(overlay).toHaveCSS('opacity', '0.75');
    await expect(viewer(page).getByRole('list', { name: 'Overlay colours' }).getByRole('listitem')).toHaveText(['Lost lines', 'Kept lines', 'Added lines']);
    await expect(viewer(page).getByRole('button', { name: /^Render again, more precise/ })).toBeVisible();
    await settleAnimations(page);
    await page.screenshot({ path: test.info().outputPath('drawing-viewer-1440.png') });

    // The viewer with the overlay at the smaller widths: its controls are 24 px targets, nothing
    // scrolls sideways, no axe violation.
    await atEachWidth(
      page,
      async (width) => {
        const controls = viewer(page).getByRole('group', { name: 'Geometry overlay' });
        for (const height of await heights(controls.locator('button, input[type="range"]'))) expect(height).toBeGreaterThanOrEqual(24);
        await expect.poll(() => horizontalOverflow(page), { message: `overflow of the viewer at ${width}` }).toBe(0);
        await settleAnimations(page);
        await expect.poll(() => seriousViolations(page), { message: `axe in the viewer with the overlay at ${width}` }).toEqual([]);
        if (width === '375 px') await page.screenshot({ path: test.info().outputPath('drawing-viewer-375.png') });
      },
      SMALLER_WIDTHS,
    );
  });
});
