/**
 * Client review links end to end: the owner shares a project from its page, a signed-out client
 * pins a comment and approves, the owner sees both; a revoked link says so. The review page at
 * every width is the layout tour's (tests/browser/layout.test.ts).
 */
import { apiGenerate, apiJson, apiProject, type ApiUser } from './api';
import { expect, hydrated, test } from './fixtures';

/**
 * A project of two generations made through the API and moved into it, as the dashboard would,
 * beside one generation outside it that the client must never see; returns the project's id.
 */
async function projectWithVersions(member: ApiUser, name: string): Promise<string> {
  const projectId = await apiProject(member, name, { materials: 'Larch timber' });
  const [inside] = await Promise.all([
    Promise.all([1, 2].map((n) => apiGenerate(member, `A timber pavilion by a lake, study ${n}`, { aspectRatio: '16:9' }))),
    apiGenerate(member, 'A timber pavilion in a birch forest at dusk, warm light through slatted walls'),
  ]);
  for (const id of inside) await apiJson(`/api/generations/${id}`, member.token, 'PATCH', { projectId });
  return projectId;
}

test('the owner shares a link; a signed-out client pins a comment and approves; the owner sees both; revoked, it says so', async ({ page, member, openPage }) => {
  const projectId = await projectWithVersions(member, 'Lakeside Pavilion');

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
  await hydrated(client);
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
