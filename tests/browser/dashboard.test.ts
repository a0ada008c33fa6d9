import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { GenerationsPage } from '#shared/generations-types';
import { galleryMessages } from '#shared/messages';
import { expect, signUpThroughForm, test, uniqueEmail, VIEWPORTS } from './fixtures';
import { apiCall, apiGenerate, apiGenerateFromReference, apiLogIn, apiSignUp, apiUpload, PASSWORD, uniqueWord, type ApiUser } from './gallery-data';

/** A member signed up through the form on `page`, with the same user's API session for test data. */
const dashboardTest = test.extend<{ user: ApiUser }>({
  user: async ({ page }, use) => {
    const email = uniqueEmail('dashboard');
    await signUpThroughForm(page, email, PASSWORD);
    await page.waitForURL('**/startfree');
    await use(await apiLogIn(email));
  },
});

async function visibilityOf(user: ApiUser, id: string): Promise<string | undefined> {
  const library = (await (await apiCall('/api/generations', user.token)).json()) as GenerationsPage;
  return library.items.find((item) => item.id === id)?.visibility;
}

async function generationCount(user: ApiUser): Promise<number> {
  return ((await (await apiCall('/api/generations', user.token)).json()) as GenerationsPage).items.length;
}

const cards = (page: Page) => page.locator('.dashboard-card');

dashboardTest.describe('the dashboard', () => {
  dashboardTest('shows both empty texts for a new user', async ({ page, user }) => {
    await page.goto('/dashboard');
    await expect(page.getByText(galleryMessages.noGenerations)).toBeVisible();
    await page.getByRole('tab', { name: 'Likes' }).click();
    await expect(page.getByText(galleryMessages.noLikes)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
  });

  dashboardTest('switches a generation between public and private, on the server too', async ({ page, user }) => {
    const id = await apiGenerate(user, `A brick chapel with a skylight ${uniqueWord()}`, 2);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Make private' }).click();
    await expect(card.getByRole('button', { name: 'Make public' })).toBeVisible();
    await expect.poll(() => visibilityOf(user, id)).toBe('private');
    // A private image is served through a signed URL.
    await expect(card.locator('img').first()).toHaveAttribute('src', /sig=/);
    await card.getByRole('button', { name: 'Make public' }).click();
    await expect(card.getByRole('button', { name: 'Make private' })).toBeVisible();
    await expect.poll(() => visibilityOf(user, id)).toBe('public');
  });

  dashboardTest('downloads every image of a generation as generation-{id}-{n}.jpg', async ({ page, user }) => {
    const id = await apiGenerate(user, `A concrete boathouse on a jetty ${uniqueWord()}`, 2);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    const names: string[] = [];
    page.on('download', (download) => names.push(download.suggestedFilename()));
    await card.getByRole('button', { name: 'Download images' }).click();
    await expect.poll(() => names).toEqual([`generation-${id}-1.jpg`, `generation-${id}-2.jpg`]);
  });

  dashboardTest('deletes only after a second click, and the first click disarms after 3 s', async ({ page, user }) => {
    await apiGenerate(user, `A glass house by a lake ${uniqueWord()}`);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Click again to delete' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Delete', exact: true })).toBeVisible({ timeout: 5000 }); // disarmed
    await expect.poll(() => generationCount(user)).toBe(1);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Click again to delete' }).click();
    await expect(page.getByText(galleryMessages.noGenerations)).toBeVisible();
    await expect.poll(() => generationCount(user)).toBe(0);
  });

  dashboardTest('lists liked generations in the Likes tab; unliking removes the card', async ({ page, user }) => {
    const other = await apiSignUp();
    const prompt = `A timber pavilion in a park ${uniqueWord()}`;
    const id = await apiGenerate(other, prompt);
    expect((await apiCall(`/api/generations/${id}/like`, user.token, 'PUT')).status).toBe(200);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Likes' }).click();
    const card = page.locator('.dashboard-card', { has: page.locator(`img[alt="${prompt}"]`) });
    await card.hover();
    await expect(card.getByRole('button', { name: /^Unlike/ })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Make private' })).toHaveCount(0); // not the owner
    await card.getByRole('button', { name: /^Unlike/ }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText(galleryMessages.noLikes)).toBeVisible();
  });

  dashboardTest('opens the viewer with the results, then the reference labelled, and the prompt panel', async ({ page, user }) => {
    const prompt = `A courtyard school with deep eaves ${uniqueWord()}`;
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8a27a' } }).png().toBuffer();
    const reference = await apiUpload(user, new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength)));
    await apiGenerateFromReference(user, prompt, reference);
    await page.goto('/dashboard');
    // Top-left: the hover bar along the bottom edge may cover the middle of a small card.
    await page.locator('.dashboard-card .card-image').first().click({ position: { x: 12, y: 12 } });
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(dialog.getByText('1 / 2')).toBeVisible();
    await expect(dialog.getByText(prompt, { exact: true })).toBeVisible();
    // The side panel shows the first reference image.
    await expect(dialog.locator('.viewer-reference').getByText(galleryMessages.referenceImage)).toBeVisible();
    await expect(dialog.locator('.viewer-label')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('2 / 2')).toBeVisible();
    await expect(dialog.locator('.viewer-label').getByText(galleryMessages.referenceImage)).toBeVisible();
    await expect(dialog.locator('.viewer-image')).toHaveAttribute('src', /\/media\/references\//);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  dashboardTest('puts the tabs in a bottom bar on phones', { tag: '@phone' }, async ({ page, user }) => {
    await page.goto('/dashboard');
    const tabs = page.getByRole('tablist');
    await expect(tabs).toBeVisible();
    await expect
      .poll(async () => {
        const box = await tabs.boundingBox();
        return (box?.y ?? 0) + (box?.height ?? 0);
      })
      .toBeCloseTo(VIEWPORTS.phone.height, -1);
  });
});
