/**
 * Region edits from the owner's side (docs/decisions/0085-mask-editor.md, docs/api.md "Region edit"):
 * a mask painted with a mouse at 1440 px and with one finger (and a pinch) at 375 px, sent as an
 * edit that lands in the version tree and opens in compare against its source; a reviewer's
 * pinned comment turned into an edit in at most three clicks, seen on the review link with a
 * wipe; axe on the editor at every width. Sources are made through the real API with the
 * owner's token; the edit itself runs through POST /api/generations/:id/images/:index/edits on
 * the offline preview engine.
 */
import type { Locator, Page, Request } from '@playwright/test';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { VersionedItem } from '#shared/generations-types';
import { apiJson, type ApiUser } from './api';
import { atEachWidth, expect, horizontalOverflow, hydrated, logInThroughForm, seriousViolations, settleAnimations, test, VIEWPORTS } from './fixtures';

const INSTRUCTION = 'replace the sofa with a green velvet one';

/** A project holding one Fast view, made through the API as the owner; returns both ids. */
async function projectWithImage(account: ApiUser, prompt = 'A reading room with a low sofa under tall windows'): Promise<{ projectId: string; generationId: string; token: string }> {
  const { token } = account;
  const project = await apiJson<{ id: string }>('/api/projects', token, 'POST', { name: 'Riverside library' });
  const generation = await apiJson<GenerateSuccessResponse>('/api/generate', token, 'POST', {
    prompt, model: 'fast', aspectRatio: '4:3', numberOfViews: 1, isRefinement: false, referenceImages: [], projectId: project.id,
  });
  return { projectId: project.id, generationId: generation.generationId, token };
}

const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit region' });
const stage = (page: Page) => editor(page).getByRole('group', { name: /^Image to mask/ });
const treeNode = (page: Page, name: string | RegExp) => page.getByRole('region', { name: 'Version tree' }).getByRole('article', { name });

/** The painted share of the overlay canvas (its pixels are the source's). */
async function paintedPixels(page: Page): Promise<{ painted: number; width: number; height: number }> {
  return page.locator('.mask-overlay').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
    return { painted, width: canvas.width, height: canvas.height };
  });
}

/** The shown image's box: where on screen a share of the image lies. */
async function imageBox(page: Page): Promise<{ at: (x: number, y: number) => { x: number; y: number }; width: number }> {
  const image = editor(page).locator('img.mask-image');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  const box = await image.boundingBox();
  if (!box) throw new Error('the image has no box');
  return { at: (x, y) => ({ x: box.x + box.width * x, y: box.y + box.height * y }), width: box.width };
}

/** The mask a sent edit carried: its PNG's size from the IHDR chunk. */
function maskSize(request: Request): { width: number; height: number; instruction: string } {
  const body = request.postDataJSON() as { instruction: string; mask: string };
  const png = Buffer.from(body.mask, 'base64');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), instruction: body.instruction };
}

/** Sends the edit and checks what went: the contract's headers and a mask of the source's exact size. */
async function send(page: Page, source: { width: number; height: number }, instruction: string): Promise<void> {
  const sent = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/generations\/[^/]+\/images\/0\/edits$/.test(request.url()));
  await editor(page).getByRole('button', { name: 'Edit · 1 credit' }).click();
  const request = await sent;
  expect(request.headers().prefer).toBe('respond-async');
  expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(maskSize(request)).toEqual({ ...source, instruction });
  await expect(editor(page)).toHaveCount(0);
}

async function sourceSize(page: Page, token: string, generationId: string): Promise<{ width: number; height: number }> {
  const item = await apiJson<VersionedItem>(`/api/generations/${generationId}`, token, 'GET');
  return { width: item.images[0]?.width ?? 0, height: item.images[0]?.height ?? 0 };
}

/** Where the wipe's divider stands over the compared image, 0–1 across. */
async function dividerShare(page: Page): Promise<number> {
  const divider = await page.getByRole('slider', { name: 'Wipe divider' }).boundingBox();
  const image = await page.locator('.compare-layer img[data-source="rendition"]').first().boundingBox();
  return divider && image && image.width > 0 ? (divider.x + divider.width / 2 - image.x) / image.width : -1;
}

/** The edit in the tree, then Before / after: compare in the wipe, the divider over the mask. */
async function seeEditInTreeAndCompare(page: Page, instruction: string, mask: [number, number]): Promise<void> {
  const edited = treeNode(page, `Version A2: Edit: ${instruction}`);
  await expect(edited).toBeVisible({ timeout: 45_000 });
  await expect(edited.getByRole('img', { name: 'Region edit' })).toBeVisible();
  await edited.getByRole('link', { name: /^Compare before and after/ }).click();
  await expect(page).toHaveURL(/\/compare\?items=/);
  await expect(page.getByRole('button', { name: 'Wipe' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.compare-layer img[data-source="rendition"]')).toHaveCount(2);
  await expect.poll(() => dividerShare(page), { message: 'the divider over the mask' }).toBeGreaterThan(mask[0]);
  expect(await dividerShare(page)).toBeLessThan(mask[1]);
}

test.describe('region edits', () => {
  test('a mask painted with the mouse at 1440 px becomes an edit in the tree, opened in compare against its source', async ({ page, member }) => {
    // A generation, an edit and two screens, on two busy cores.
    test.slow();
    const { projectId, generationId, token } = await projectWithImage(member);
    const source = await sourceSize(page, token, generationId);
    await page.goto(`/projects/${projectId}`);
    await treeNode(page, /^Version A1/).getByRole('button', { name: 'Edit region' }).click();
    await expect(editor(page)).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Brush' })).toBeFocused();

    // A stroke across the left third: the mask keeps the source's pixels whatever the screen.
    const image = await imageBox(page);
    const from = image.at(0.15, 0.6);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (const [x, y] of [[0.2, 0.62], [0.27, 0.64], [0.33, 0.65]] as const) {
      const to = image.at(x, y);
      await page.mouse.move(to.x, to.y, { steps: 6 });
    }
    await page.mouse.up();
    await expect.poll(async () => (await paintedPixels(page)).painted).toBeGreaterThan(500);
    expect(await paintedPixels(page)).toMatchObject(source);
    await expect(editor(page).getByRole('button', { name: 'Undo' })).toBeEnabled();

    // The instruction by keyboard: Tab reaches it from the stage.
    await stage(page).focus();
    await page.keyboard.press('Tab');
    await expect(editor(page).getByLabel('What should change')).toBeFocused();
    await page.keyboard.type(INSTRUCTION);
    await send(page, source, INSTRUCTION);
    await expect(page.getByRole('status').filter({ hasText: 'Edit queued' })).toBeVisible();

    await seeEditInTreeAndCompare(page, INSTRUCTION, [0.12, 0.36]);
  });

  test('a reviewer’s pinned comment becomes an edit in at most three clicks, and the review link shows it before and after', async ({ page, member, openPage }) => {
    test.slow();
    const { projectId, generationId, token } = await projectWithImage(member);
    const source = await sourceSize(page, token, generationId);
    const link = await apiJson<{ url: string }>(`/api/projects/${projectId}/review-links`, token, 'POST', { allowDownload: false });
    const reviewToken = new URL(link.url).pathname.split('/').at(-1) ?? '';
    const words = 'Could this sofa be green velvet instead?';
    await apiJson(`/api/review/${reviewToken}/comments`, token, 'POST', { generationId, imageIndex: 0, body: words, name: 'Anna Client', x: 0.7, y: 0.65 });

    await page.goto(`/projects/${projectId}`);
    const feedback = page.getByRole('region', { name: 'Client feedback' });
    await expect(feedback.getByText(words)).toBeVisible();
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks += 1;
      await target.click();
    };
    await click(feedback.getByRole('button', { name: /^Edit here/ }));
    // Ready to send: the comment's words, a soft circle at the pin, Send focused.
    await expect(editor(page).getByLabel('What should change')).toHaveValue(words);
    await expect(editor(page).getByRole('button', { name: 'Edit · 1 credit' })).toBeFocused();
    await expect.poll(async () => (await paintedPixels(page)).painted).toBeGreaterThan(100);
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/generations/${generationId}/images/0/edits`));
    await click(editor(page).getByRole('button', { name: 'Edit · 1 credit' }));
    expect(maskSize(await sent)).toEqual({ ...source, instruction: words });
    await expect(editor(page)).toHaveCount(0);
    expect(clicks).toBeLessThanOrEqual(3);
    await expect(treeNode(page, `Version A2: Edit: ${words}`)).toBeVisible({ timeout: 45_000 });

    // The same link shows the new version, and before / after in the wipe.
    const client = await openPage();
    await client.goto(link.url);
    await hydrated(client);
    await expect(client.getByRole('button', { name: 'Open version A2 to comment' })).toBeVisible();
    await client.getByRole('button', { name: /^Before \/ after: version A2 over A1/ }).click();
    await expect(client.getByRole('button', { name: 'Wipe' })).toHaveAttribute('aria-pressed', 'true');
    await expect(client.getByRole('slider', { name: 'Wipe divider' })).toBeVisible();
  });
});

test.describe('ways into the editor', () => {
  test('a studio tile and the viewer open the editor on their image; over the viewer it keeps its keys, and Escape leaves only the editor', async ({ page, member }) => {
    const { token } = member;
    // Two views: the viewer steps through its batch, so a key leaking to it beneath would move it.
    const made = await apiJson<GenerateSuccessResponse>('/api/generate', token, 'POST', {
      prompt: 'A brick courtyard house with a fig tree', model: 'fast', aspectRatio: '1:1', numberOfViews: 2, isRefinement: false, referenceImages: [],
    });
    const source = await sourceSize(page, token, made.generationId);
    await page.goto('/startfree');
    const tile = page.locator('.studio-tile').first();
    await tile.hover();
    await tile.getByRole('button', { name: 'Edit region' }).click();
    await expect(editor(page)).toBeVisible();
    await expect.poll(() => paintedPixels(page)).toEqual({ painted: 0, ...source });
    await page.keyboard.press('Escape');
    await expect(editor(page)).toHaveCount(0);

    await tile.getByRole('button', { name: /^Open image/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await viewer.getByRole('button', { name: 'Edit region' }).click();
    await expect(editor(page)).toBeVisible();
    // One arrow press (two would wrap the two images back): the editor pans; the viewer stays.
    await editor(page).getByRole('button', { name: 'Lasso' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await expect(editor(page)).toHaveCount(0);
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Edit region' })).toBeFocused();
  });
});

/** One finger (or two) down, moved in steps, lifted: real touch input through the DevTools protocol. */
async function touchGesture(page: Page, from: { x: number; y: number }[], to: { x: number; y: number }[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (share: number) => from.map((start, id) => {
    const end = to[id] ?? start;
    return { id, x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share };
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(step / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('region edits on a touch phone', { tag: '@phone' }, () => {
  test('one finger paints, two pinch to zoom without painting, and the edit lands in the tree and in compare', async ({ page, member, openPage }) => {
    test.slow();
    const { projectId, generationId, token } = await projectWithImage(member);
    const source = await sourceSize(page, token, generationId);
    const phone = await openPage({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    await logInThroughForm(phone, member);
    await phone.waitForURL('**/startfree');
    await phone.goto(`/projects/${projectId}`);
    await treeNode(phone, /^Version A1/).getByRole('button', { name: 'Edit region' }).click();
    await expect(editor(phone)).toBeVisible();

    // A pinch first: the image grows, and nothing is painted.
    const fitted = await imageBox(phone);
    const middle = fitted.at(0.5, 0.5);
    await touchGesture(phone, [{ x: middle.x - 20, y: middle.y }, { x: middle.x + 20, y: middle.y }], [{ x: middle.x - 80, y: middle.y }, { x: middle.x + 80, y: middle.y }]);
    await expect.poll(async () => (await editor(phone).locator('img.mask-image').boundingBox())?.width ?? 0).toBeGreaterThan(fitted.width * 2);
    expect((await paintedPixels(phone)).painted).toBe(0);
    await editor(phone).getByRole('button', { name: 'Fit' }).click();

    // One finger paints across the right part of the image.
    const image = await imageBox(phone);
    await touchGesture(phone, [image.at(0.65, 0.5)], [image.at(0.85, 0.55)]);
    await expect.poll(async () => (await paintedPixels(phone)).painted).toBeGreaterThan(200);
    expect(await paintedPixels(phone)).toMatchObject(source);
    await editor(phone).getByLabel('What should change').fill('remove the lamp');
    await send(phone, source, 'remove the lamp');
    await seeEditInTreeAndCompare(phone, 'remove the lamp', [0.62, 0.88]);
  });
});

test.describe('the mask editor’s accessibility', () => {
  test('axe finds no serious or critical violation in the editor, with a mask and while asking to discard it, and nothing scrolls sideways, at every width', async ({ page, member }) => {
    const { projectId } = await projectWithImage(member);
    await page.goto(`/projects/${projectId}`);
    await treeNode(page, /^Version A1/).getByRole('button', { name: 'Edit region' }).click();
    await expect(editor(page)).toBeVisible();
    // Each state at each width, the window turned back to 1440 px for the pointer work between them.
    const check = (what: string) =>
      atEachWidth(page, async (width) => {
        await settleAnimations(page);
        await expect.poll(() => seriousViolations(page), { message: `axe on ${what} at ${width}` }).toEqual([]);
        await expect.poll(() => horizontalOverflow(page), { message: `overflow on ${what} at ${width}` }).toBe(0);
      });
    await check('the editor as opened');
    // Measured back at 1440 px, where the rectangle is drawn.
    const image = await imageBox(page);

    // A rectangle by keyboard choice and pointer drag, then Escape asks before discarding it.
    await page.keyboard.press('r');
    await expect(editor(page).getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'true');
    const from = image.at(0.3, 0.3);
    const to = image.at(0.6, 0.6);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await paintedPixels(page)).painted).toBeGreaterThan(1000);
    await check('the editor with a mask');
    await page.keyboard.press('Escape');
    await expect(editor(page).getByRole('alertdialog', { name: 'Discard this mask?' })).toBeVisible();
    await check('the discard question');
    await editor(page).getByRole('button', { name: 'Discard' }).click();
    await expect(editor(page)).toHaveCount(0);
    // Focus is back where the editor was opened from.
    await expect(treeNode(page, /^Version A1/).getByRole('button', { name: 'Edit region' })).toBeFocused();
  });
});
