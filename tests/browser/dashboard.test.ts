import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryPage } from '#shared/gallery-types';
import { galleryMessages } from '#shared/messages';
import { launchBrowser, newPage, signUpThroughForm, uniqueEmail, VIEWPORTS } from './browser';
import { apiCall, apiGenerate, apiGenerateFromReference, apiLogIn, apiSignUp, apiUpload, PASSWORD, uniqueWord, type ApiUser } from './gallery-data';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs up through the form and returns the same user's API session for test data. */
async function signedInUser(page: Page): Promise<ApiUser> {
  const email = uniqueEmail('dashboard');
  await signUpThroughForm(page, email, PASSWORD);
  await page.waitForURL('**/startfree');
  return apiLogIn(email);
}

async function ownGenerations(user: ApiUser): Promise<LibraryPage> {
  return (await (await apiCall('/api/generations', user.token)).json()) as LibraryPage;
}

const cards = (page: Page) => page.locator('.dashboard-card');

describe('the dashboard', () => {
  it('shows both empty texts for a new user', async () => {
    const { context, page } = await newPage(browser);
    await signedInUser(page);
    await page.goto('/dashboard');
    await page.getByText(galleryMessages.noGenerations).waitFor();
    await page.getByRole('tab', { name: 'Likes' }).click();
    await page.getByText(galleryMessages.noLikes).waitFor();
    expect(await page.getByRole('tab', { name: 'Likes' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('switches a generation between public and private, on the server too', async () => {
    const { context, page } = await newPage(browser);
    const user = await signedInUser(page);
    const id = await apiGenerate(user, `A brick chapel with a skylight ${uniqueWord()}`, 2);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.waitFor();
    await card.hover();
    await card.getByRole('button', { name: 'Make private' }).click();
    await card.getByRole('button', { name: 'Make public' }).waitFor();
    expect((await ownGenerations(user)).items.find((item) => item.id === id)?.visibility).toBe('private');
    // A private image is served through a signed URL.
    expect(await card.locator('img').first().getAttribute('src')).toContain('sig=');
    await card.getByRole('button', { name: 'Make public' }).click();
    await card.getByRole('button', { name: 'Make private' }).waitFor();
    expect((await ownGenerations(user)).items.find((item) => item.id === id)?.visibility).toBe('public');
    await context.close();
  });

  it('downloads every image of a generation as generation-{id}-{n}.jpg', async () => {
    const { context, page } = await newPage(browser);
    const user = await signedInUser(page);
    const id = await apiGenerate(user, `A concrete boathouse on a jetty ${uniqueWord()}`, 2);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.waitFor();
    await card.hover();
    const names: string[] = [];
    const both = new Promise<void>((resolve) => {
      page.on('download', (download) => {
        names.push(download.suggestedFilename());
        if (names.length === 2) resolve();
      });
    });
    await card.getByRole('button', { name: 'Download images' }).click();
    await both;
    expect(names).toEqual([`generation-${id}-1.jpg`, `generation-${id}-2.jpg`]);
    await context.close();
  });

  it('deletes only after a second click, and the first click disarms after 3 s', async () => {
    const { context, page } = await newPage(browser);
    const user = await signedInUser(page);
    await apiGenerate(user, `A glass house by a lake ${uniqueWord()}`);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.waitFor();
    await card.hover();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Click again to delete' }).waitFor();
    await card.getByRole('button', { name: 'Delete', exact: true }).waitFor({ timeout: 5000 }); // disarmed
    expect((await ownGenerations(user)).items).toHaveLength(1);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Click again to delete' }).click();
    await page.getByText(galleryMessages.noGenerations).waitFor();
    expect((await ownGenerations(user)).items).toHaveLength(0);
    await context.close();
  });

  it('lists liked generations in the Likes tab; unliking removes the card', async () => {
    const { context, page } = await newPage(browser);
    const user = await signedInUser(page);
    const other = await apiSignUp();
    const prompt = `A timber pavilion in a park ${uniqueWord()}`;
    const id = await apiGenerate(other, prompt);
    expect((await apiCall(`/api/generations/${id}/like`, user.token, 'PUT')).status).toBe(200);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Likes' }).click();
    const card = page.locator('.dashboard-card', { has: page.locator(`img[alt="${prompt}"]`) });
    await card.waitFor();
    await card.hover();
    expect(await card.getByRole('button', { name: 'Make private' }).count()).toBe(0); // not the owner
    await card.getByRole('button', { name: /^Unlike/ }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText(galleryMessages.noLikes).waitFor();
    await context.close();
  });

  it('opens the viewer with the results, then the reference labelled, and the prompt panel', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const user = await signedInUser(page);
    const prompt = `A courtyard school with deep eaves ${uniqueWord()}`;
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8a27a' } }).png().toBuffer();
    const reference = await apiUpload(user, new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength)));
    await apiGenerateFromReference(user, prompt, reference);
    await page.goto('/dashboard');
    // Top-left: the hover bar along the bottom edge may cover the middle of a small card.
    await page.locator('.dashboard-card .card-image').first().click({ position: { x: 12, y: 12 } });
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await dialog.getByText('1 / 2').waitFor();
    await dialog.getByText(prompt, { exact: true }).waitFor();
    // The side panel shows the first reference image.
    await dialog.locator('.viewer-reference').getByText(galleryMessages.referenceImage).waitFor();
    expect(await dialog.locator('.viewer-label').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('2 / 2').waitFor();
    await dialog.locator('.viewer-label').getByText(galleryMessages.referenceImage).waitFor();
    expect(await dialog.locator('.viewer-image').getAttribute('src')).toContain('/media/references/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('puts the tabs in a bottom bar on phones', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signedInUser(page);
    await page.goto('/dashboard');
    const tabs = page.getByRole('tablist');
    await tabs.waitFor();
    const box = await tabs.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(VIEWPORTS.phone.height, -1);
    await context.close();
  });
});
