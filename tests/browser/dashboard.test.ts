import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { GenerationsPage } from '#shared/generations-types';
import { galleryMessages } from '#shared/messages';
import { apiCall, apiGenerate, apiSignUp, apiUpload, uniqueWord, type ApiUser } from './api';
import { atEachWidth, expect, PHONE_WIDTH, test, VIEWPORTS } from './fixtures';


async function visibilityOf(user: ApiUser, id: string): Promise<string | undefined> {
  const library = (await (await apiCall('/api/generations', user.token)).json()) as GenerationsPage;
  return library.items.find((item) => item.id === id)?.visibility;
}

async function generationCount(user: ApiUser): Promise<number> {
  return ((await (await apiCall('/api/generations', user.token)).json()) as GenerationsPage).items.length;
}

const cards = (page: Page) => page.locator('.dashboard-card');

test.describe('the dashboard', () => {
  test('shows both empty texts for a new user, the tabs in a bottom bar on a phone', async ({ page, member }) => {
    await page.goto('/dashboard');
    await expect(page.getByText(galleryMessages.noGenerations)).toBeVisible();
    await page.getByRole('tab', { name: 'Likes' }).click();
    await expect(page.getByText(galleryMessages.noLikes)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
    // On a phone the tabs sit in a bar at the bottom of the screen.
    await atEachWidth(
      page,
      async () => {
        const tabs = page.getByRole('tablist');
        await expect(tabs).toBeVisible();
        await expect
          .poll(async () => {
            const box = await tabs.boundingBox();
            return (box?.y ?? 0) + (box?.height ?? 0);
          })
          .toBeCloseTo(VIEWPORTS.phone.height, -1);
      },
      PHONE_WIDTH,
    );
  });

  test('switches a generation between public and private, on the server too', async ({ page, member }) => {
    const id = await apiGenerate(member, `A brick chapel with a skylight ${uniqueWord()}`, { views: 2 });
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Make private' }).click();
    await expect(card.getByRole('button', { name: 'Make public' })).toBeVisible();
    await expect.poll(() => visibilityOf(member, id)).toBe('private');
    // A private image is served through a signed URL.
    await expect(card.locator('img').first()).toHaveAttribute('src', /sig=/);
    await card.getByRole('button', { name: 'Make public' }).click();
    await expect(card.getByRole('button', { name: 'Make private' })).toBeVisible();
    await expect.poll(() => visibilityOf(member, id)).toBe('public');
  });

  test('downloads every image of a generation as generation-{id}-{n}.jpg', async ({ page, member }) => {
    const id = await apiGenerate(member, `A concrete boathouse on a jetty ${uniqueWord()}`, { views: 2 });
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    const names: string[] = [];
    page.on('download', (download) => names.push(download.suggestedFilename()));
    await card.getByRole('button', { name: 'Download images' }).click();
    await expect.poll(() => names).toEqual([`generation-${id}-1.jpg`, `generation-${id}-2.jpg`]);
  });

  test('deletes only after a second click, and the first click disarms after 3 s', async ({ page, member }) => {
    await apiGenerate(member, `A glass house by a lake ${uniqueWord()}`);
    await page.clock.install();
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.hover();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Click again to delete' })).toBeVisible();
    // The page's clock, not the test, waits out the 3 s (DELETE_CONFIRM_MS, frontend/ui/timings.ts).
    await page.clock.runFor(3_000);
    await expect(card.getByRole('button', { name: 'Delete', exact: true })).toBeVisible(); // disarmed
    await expect.poll(() => generationCount(member)).toBe(1);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Click again to delete' }).click();
    await expect(page.getByText(galleryMessages.noGenerations)).toBeVisible();
    await expect.poll(() => generationCount(member)).toBe(0);
  });

  test('lists liked generations in the Likes tab; unliking removes the card', async ({ page, member }) => {
    const other = await apiSignUp();
    const prompt = `A timber pavilion in a park ${uniqueWord()}`;
    const id = await apiGenerate(other, prompt);
    expect((await apiCall(`/api/generations/${id}/like`, member.token, 'PUT')).status).toBe(200);
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

  test('opens the viewer with the results, then the reference labelled, and the prompt panel', async ({ page, member }) => {
    const prompt = `A courtyard school with deep eaves ${uniqueWord()}`;
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8a27a' } }).png().toBuffer();
    const reference = await apiUpload(member, new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength)));
    await apiGenerate(member, prompt, { model: 'concept', referenceImages: [reference] });
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
});
