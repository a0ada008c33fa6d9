/**
 * A tab left open across a deploy asks for chunks that are gone (frontend/app/stale-chunks.ts): it
 * reloads once and shows the screen; a chunk that keeps failing shows the route's error page
 * (frontend/shell/RouteErrorBoundary.tsx), with the rail still there, instead of a blank screen.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** Answers 404 for a screen's chunk while `gone()` says so, as a deploy that removed it would. */
async function removeChunk(page: Page, screen: string, gone: () => boolean): Promise<void> {
  await page.route(new RegExp(`/assets/${screen}-[\\w-]+\\.js$`), (route) => (gone() ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
}

test('a chunk gone after a deploy reloads the page once, and the screen comes', async ({ page }) => {
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  // Gone until the page reloads: the reloaded page is the new build, whose chunks exist.
  await removeChunk(page, 'GalleryPage', () => documents < 2);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).first().click();
  await expect(page.getByRole('list', { name: 'Gallery' }).getByRole('article').first()).toBeVisible();
  await expect(page).toHaveURL(/\/gallery$/);
  expect(documents).toBe(2);
  // The reloaded page works: its search is the app's, not only the server's HTML.
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('courtyard');
  await page.getByRole('searchbox', { name: 'Search prompts' }).press('Enter');
  await expect(page).toHaveURL(/q=courtyard/);
});

test('a chunk that keeps failing shows the error page with Reload, and the rail still works', async ({ page }) => {
  await removeChunk(page, 'LoginPage', () => true);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Sign in to use Parti' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload page' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search prompts' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
