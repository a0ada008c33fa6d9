/**
 * One version name everywhere (docs/decisions/0087-version-names.md): the owner's tree, compare,
 * the dashboard's downloads, the client's review page, its downloads and the owner's feedback all
 * say "A3" and "B1-2" for the same images, and deleting a version renames none of the others; on a
 * phone the tree and the client's page keep them without scrolling sideways.
 */
import type { Page } from '@playwright/test';
import { apiGenerate, apiJson, apiProject, type ApiUser, type GenerateOptions } from './api';
import { atEachWidth, expect, horizontalOverflow, PHONE_WIDTH, test } from './fixtures';


const PROJECT = 'Riverside Library';

interface Versions {
  projectId: string;
  token: string;
  a1: string;
  a2: string;
  a3: string;
  b1: string;
}

/**
 * A1; A2 made from A1; A3 made from A1 too (a branch); B1, a new line of two views; and one
 * generation outside the project, which names nothing.
 */
async function projectWithVersions(member: ApiUser): Promise<Versions> {
  const projectId = await apiProject(member, PROJECT);
  // One after another: a version's name is its place in the order it entered the project.
  const make = (prompt: string, options: GenerateOptions) => apiGenerate(member, prompt, { aspectRatio: '16:9', ...options });
  await make('A timber pavilion in a birch forest, outside any project', {});
  const a1 = await make('A riverside library with a folded timber roof', { projectId });
  const a2 = await make('The same library with deeper eaves over the terrace', { parentId: a1 });
  const a3 = await make('The same library in brick instead of timber', { parentId: a1 });
  const b1 = await make('A second scheme: a reading tower by the bridge', { projectId, views: 2 });
  return { projectId, token: member.token, a1, a2, a3, b1 };
}

const node = (page: Page, name: RegExp) => page.getByRole('region', { name: 'Version tree' }).getByRole('article', { name });

test.beforeEach(() => test.setTimeout(120_000));

test('the owner’s tree, compare, downloads, the client’s page and the feedback say the same names', async ({ page, member, openPage }) => {
  const versions = await projectWithVersions(member);
  await page.goto(`/projects/${versions.projectId}`);
  await expect(node(page, /^Version A1: A riverside library/)).toBeVisible();
  await expect(node(page, /^Version A2: The same library with deeper eaves/)).toBeVisible();
  // A3 was made from A1, not from A2 before it: a branch, marked.
  const branch = node(page, /^Version A3, from A1: The same library in brick/);
  await expect(branch.getByText('← A1', { exact: true })).toBeVisible();
  await expect(node(page, /^Version B1: A second scheme/)).toBeVisible();

  // Deleting A2 renames nothing, and the next version takes a new number, never A2 again.
  await apiJson(`/api/generations/${versions.a2}`, versions.token, 'DELETE');
  const a4 = await apiGenerate(member, 'The brick library with a copper roof', { aspectRatio: '16:9', parentId: versions.a3 });
  await page.reload();
  await expect(node(page, /^Version A4: The brick library with a copper roof/)).toBeVisible();
  await expect(node(page, /^Version A3, from A1:/)).toBeVisible();
  await expect(node(page, /^Version A2/)).toHaveCount(0);
  // On a phone the tree keeps the names and the branch mark without scrolling sideways.
  await atEachWidth(
    page,
    async () => {
      const branchHere = node(page, /^Version A3, from A1:/);
      await branchHere.scrollIntoViewIfNeeded();
      await expect(branchHere.locator('.tree-node-version')).toHaveText('A3');
      await expect(branchHere.getByText('← A1', { exact: true })).toBeInViewport();
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
    },
    PHONE_WIDTH,
  );

  // Compare labels the images by name and the user's words, not by model and clock time.
  await node(page, /^Version A3/).getByRole('button', { name: 'Select for compare' }).click();
  await node(page, /^Version B1/).getByRole('button', { name: 'Select for compare' }).click();
  await page.getByRole('link', { name: 'Compare 2' }).click();
  await expect(page.locator('.compare-pane .compare-label')).toHaveText([
    'A3 · The same library in brick instead of timber',
    /^B1-1 · A second scheme: a reading tower by the/,
  ]);

  // The dashboard downloads each image of B1 under its project and name.
  await page.goto('/dashboard');
  const card = page.locator('.dashboard-card').filter({ has: page.getByRole('link', { name: `In project ${PROJECT} · B1` }) });
  await card.hover();
  const names: string[] = [];
  page.on('download', (download) => names.push(download.suggestedFilename()));
  await card.getByRole('button', { name: 'Download images' }).click();
  await expect.poll(() => names).toEqual(['riverside-library-B1-1.jpg', 'riverside-library-B1-2.jpg']);

  // The client sees the owner's names: A3 still from A1, A4, B1 with its views B1-1 and B1-2.
  const link = await apiJson<{ url: string }>(`/api/projects/${versions.projectId}/review-links`, versions.token, 'POST', { allowDownload: true });
  const client = await openPage();
  await client.goto(link.url);
  await expect(client.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(client.locator('.review-card h3')).toHaveText(['Version A1', 'Version A3 · from A1', 'Version A4', 'Version B1']);
  await atEachWidth(
    client,
    async () => {
      await expect(client.locator('.review-card h3')).toHaveText(['Version A1', 'Version A3 · from A1', 'Version A4', 'Version B1']);
      await expect.poll(() => horizontalOverflow(client)).toBe(0);
    },
    PHONE_WIDTH,
  );
  await client.getByRole('button', { name: 'Open version B1 to comment' }).click();
  const views = client.getByRole('group', { name: 'Version B1' });
  await expect(views.getByRole('button')).toHaveText(['B1-1', 'B1-2']);
  await views.getByRole('button', { name: 'B1-2' }).click();
  const download = client.waitForEvent('download');
  await client.getByRole('link', { name: 'Download original' }).click();
  expect((await download).suggestedFilename()).toBe('riverside-library-B1-2.jpg');

  // What the client says about B1 reaches the owner as B1.
  await client.getByRole('button', { name: 'Comment on the whole image' }).click();
  await client.getByLabel('Comment on the whole image').fill('The tower reads well from the bridge.');
  await client.getByRole('button', { name: 'Post comment' }).click();
  await client.getByRole('dialog', { name: 'Your name' }).getByLabel('Display name').fill('Anna Client');
  await client.getByRole('button', { name: 'Continue' }).click();
  await page.goto(`/projects/${versions.projectId}`);
  const feedback = page.getByRole('region', { name: 'Client feedback' });
  await expect(feedback.getByRole('article', { name: 'Version B1' })).toContainText('The tower reads well from the bridge.');
  expect(a4).toBeTruthy();
});
