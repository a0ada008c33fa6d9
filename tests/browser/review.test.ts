/**
 * Client review links end to end: the owner shares a project from its page, a signed-out client
 * pins a comment and approves, the owner sees both; a revoked link says so; axe at every width.
 */
import type { Page } from '@playwright/test';
import { apiFromPage, generateFromPage, tokenFromPage } from './accounts';
import { expect, seriousViolations, settleAnimations, signUpThroughForm, test, uniqueEmail } from './fixtures';

/** A project of two generations made through the API with the owner's token; returns its id. */
async function projectWithVersions(page: Page, token: string, name: string): Promise<string> {
  const project = await apiFromPage<{ id: string }>(page, token, 'POST', '/api/projects', { name, brief: { materials: 'Larch timber' } });
  for (let n = 0; n < 2; n += 1) {
    const generation = await apiFromPage<{ generationId: string }>(page, token, 'POST', '/api/generate', {
      prompt: `A timber pavilion by a lake, study ${n + 1}`,
      model: 'fast',
      aspectRatio: '16:9',
      numberOfViews: 1,
      isRefinement: false,
      referenceImages: [],
    });
    await apiFromPage(page, token, 'PATCH', `/api/generations/${generation.generationId}`, { projectId: project.id });
  }
  return project.id;
}

test('the owner shares a link; a signed-out client pins a comment and approves; the owner sees both; revoked, it says so', async ({ page, openPage }) => {
  const account = await signUpThroughForm(page);
  await page.waitForURL('**/startfree');
  const token = await tokenFromPage(page, account.email, account.password);
  await generateFromPage(page, token); // a generation outside the project, never shown to the client
  const projectId = await projectWithVersions(page, token, 'Lakeside Pavilion');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Share for review' }).click();
  const share = page.getByRole('region', { name: 'Share for review' });
  await share.getByRole('button', { name: 'Create review link' }).click();
  const shown = share.getByLabel('New review link');
  await expect(shown).toHaveValue(/\/review\/[A-Za-z0-9_-]{43}$/);
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await shown.inputValue());

  // A fresh browser: no cookies, no account.
  const client = await openPage();
  const refreshes: string[] = [];
  client.on('request', (request) => {
    if (request.url().includes('/api/auth/')) refreshes.push(request.url());
  });
  await client.goto(url);
  await expect(client.getByRole('heading', { level: 1, name: 'Lakeside Pavilion' })).toBeVisible();
  await expect(client.getByRole('button', { name: /^Open version [AB]1 to comment$/ })).toHaveCount(2);
  await expect(client.getByRole('link', { name: /dashboard|pricing/i })).toHaveCount(0);
  // No downloads on this link, so no board made from the originals either.
  await expect(client.getByRole('button', { name: 'Presentation board' })).toHaveCount(0);

  await client.getByRole('button', { name: 'Open version A1 to comment' }).click();
  const surface = client.getByRole('button', { name: /^Pin a comment on this image/ });
  const box = await surface.boundingBox();
  if (!box) throw new Error('the image has no box');
  await client.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await client.getByLabel('New comment here').fill('Could the roof overhang be deeper on this side?');
  await client.getByRole('button', { name: 'Post comment' }).click();
  const nameDialog = client.getByRole('dialog', { name: 'Your name' });
  await nameDialog.getByLabel('Display name').fill('Anna Client');
  await nameDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(client.getByRole('button', { name: 'Pin 1', exact: true })).toBeVisible();
  await expect(client.getByText('Could the roof overhang be deeper on this side?')).toBeVisible();
  await expect(client.getByText('Reviewing as Anna Client')).toBeVisible();
  await client.getByRole('group', { name: 'Your decision' }).getByRole('button', { name: 'Approve' }).click();
  await expect(client.getByRole('group', { name: 'Your decision' }).getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
  await expect(client.getByText('Approved by Anna Client')).toBeVisible();
  expect(refreshes).toEqual([]);

  // The owner's page, live through the Durable Object.
  const feedback = page.getByRole('region', { name: 'Client feedback' });
  await expect(feedback.getByText('Could the roof overhang be deeper on this side?')).toBeVisible();
  await expect(feedback.getByRole('button', { name: 'Pin 1', exact: true })).toBeVisible();
  await expect(feedback.getByText(/Approved — Anna Client/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Version tree' }).getByText('Approved')).toHaveCount(1);
  await feedback.getByRole('button', { name: 'Resolve' }).click();
  await expect(feedback.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(share.getByText('1 comment')).toBeVisible();

  await share.getByRole('button', { name: 'Revoke' }).click();
  await share.getByRole('button', { name: 'Click again to revoke' }).click();
  await expect(share.getByText('Revoked')).toBeVisible();
  await client.reload();
  await expect(client.getByRole('heading', { name: 'This review link has expired or was revoked' })).toBeVisible();
});

test.describe('the review page', { tag: '@every-width' }, () => {
  test('has no serious or critical axe violation and never scrolls sideways, in the grid, the comparison, a version and the name dialog', async ({ page }) => {
    await page.goto('/pricing');
    const email = uniqueEmail('review-axe');
    const password = 'a good long password';
    await page.evaluate(async ({ email, password }) => {
      const response = await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (!response.ok) throw new Error(`signup ${response.status}`);
    }, { email, password });
    const token = await tokenFromPage(page, email, password);
    const projectId = await projectWithVersions(page, token, 'Courtyard House');
    const link = await apiFromPage<{ url: string }>(page, token, 'POST', `/api/projects/${projectId}/review-links`, { allowDownload: true });

    const check = async (what: string) => {
      await settleAnimations(page);
      await expect.poll(() => seriousViolations(page), { message: `axe on ${what}` }).toEqual([]);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `overflow on ${what}` })
        .toBe(0);
    };
    await page.goto(link.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Courtyard House' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check('the versions');
    await page.getByRole('checkbox', { name: 'Add version A1 to the comparison' }).check();
    await page.getByRole('checkbox', { name: 'Add version B1 to the comparison' }).check();
    await page.getByRole('button', { name: 'Compare selected' }).click();
    await expect(page.getByRole('img', { name: /A timber pavilion by a lake, study 1/ }).first()).toBeVisible();
    await check('the comparison');
    await page.getByRole('button', { name: 'Close comparison' }).click();
    await page.getByRole('button', { name: 'Open version B1 to comment' }).click();
    await expect(page.getByRole('link', { name: 'Download original' })).toBeVisible();
    await page.getByRole('button', { name: 'Comment on the whole image' }).click();
    await page.getByLabel('Comment on the whole image').fill('The brick looks right.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('dialog', { name: 'Your name' })).toBeVisible();
    await check('the name dialog');
    await page.getByLabel('Display name').fill('Ben');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The brick looks right.')).toBeVisible();
    await check('a version with its thread');

    // Downloads are allowed: the reviewer may lay the originals out on a board.
    await page.getByRole('button', { name: 'Presentation board' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Presentation board' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export PDF' })).toBeVisible();
    await check('the presentation board');
  });
});
