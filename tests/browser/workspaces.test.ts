/**
 * Team workspaces in the app (docs/decisions/0098-workspaces-app.md), one flow at 1440 px: the
 * owner makes a workspace and buys its pool's credits, invites a colleague who joins in another
 * browser, both generate into a shared project (the owner's tree shows the colleague's version as
 * it lands, named by who made it), the owner reads the spend by member and its ledger rows, and a
 * removed colleague's tab goes back to Personal. Axe checks the new screens at this width; the
 * layout tour checks them at 768 and 375 px (layout.test.ts).
 */
import type { Page } from '@playwright/test';
import { apiJson, apiProject, apiSignUp, uniqueEmail } from './api';
import { expect, seriousViolations, test } from './fixtures';

const GENERATION_TIMEOUT = 45_000;
/**
 * What another browser's action brings over the live socket, then a re-read: the first tests run
 * beside the suite's seeding, whose renders can hold the Worker's answers for seconds.
 */
const LIVE_TIMEOUT = 30_000;

async function expectAxeClean(page: Page, what: string): Promise<void> {
  await expect.poll(() => seriousViolations(page, { targetSize: true }), { message: `axe on ${what}` }).toEqual([]);
}

/**
 * Sends a prompt from the studio, waits for its own batch to finish, then reads the finished
 * batches the studio lists, oldest first: in a shared project, every member's.
 */
async function generate(page: Page, prompt: string, listed: string[]): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Prompt' });
  await box.fill(prompt);
  await box.press('Enter');
  const finished = page.locator('.studio-batch:not(.studio-batch--pending)');
  await expect(finished.and(page.getByRole('article', { name: prompt, exact: true }))).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await expect.poll(() => finished.evaluateAll((batches) => batches.map((batch) => batch.getAttribute('aria-label')))).toEqual(listed);
}

test('an owner makes a workspace and buys its credits, a colleague joins by link in another browser, both generate into a shared project, and the owner reads the spend', async ({
  page,
  member: owner,
  openPage,
}) => {
  test.setTimeout(180_000);
  await page.goto('/workspaces/new');
  await page.getByLabel('Practice name').fill('Studio Nord');
  await expectAxeClean(page, 'the new workspace form');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Nord' })).toBeVisible();
  await expect(page.getByText('You are working in this workspace.')).toBeVisible();
  // The rail names the space the tab works in.
  await expect(page.getByRole('button', { name: 'Space: Studio Nord' })).toBeVisible();
  const workspaceId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await expect(page.getByTestId('workspace-pool')).toHaveText('0 credits left');
  await expectAxeClean(page, 'the workspace page');

  // The pool's credits, bought by its owner through the pricing page's test checkout.
  await page.getByRole('button', { name: 'Buy credits' }).click();
  const pro = page.locator('article.plan-card--pro');
  await expect(pro.getByTestId('buying-for')).toHaveText('Credits bought here go to the pool of Studio Nord.');
  await pro.getByRole('slider', { name: 'Credits' }).fill('40');
  await pro.getByRole('button', { name: 'Buy Credits' }).click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Payment successful! 40 credits added to the pool of Studio Nord.')).toBeVisible();
  await page.getByRole('button', { name: /^Account:/ }).click();
  await expect(page.getByTestId('account-credits')).toHaveText('40 credits left');
  // The owner's own credits paid nothing and got nothing.
  expect((await apiJson<{ credits: number }>('/api/me', owner.token)).credits).toBe(12);

  // An invitation by email and role; the link is the page's to copy.
  const colleague = await apiSignUp(uniqueEmail('colleague'));
  await page.goto(`/workspaces/${workspaceId}`);
  await page.getByLabel('Email').fill(colleague.email);
  await page.getByLabel('Role').selectOption('member');
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toContain('/invitations/');

  const other = await openPage({ signedInAs: colleague });
  await other.goto(new URL(link).pathname);
  await expect(other.getByRole('heading', { name: 'You are invited to Studio Nord' })).toBeVisible();
  await expectAxeClean(other, 'the invitation page');
  await other.getByRole('button', { name: 'Join the workspace' }).click();
  await expect(other).toHaveURL(/\/projects$/);
  await expect(other.getByRole('button', { name: 'Space: Studio Nord' })).toBeVisible();
  // The owner's page hears of the new member over the workspace's live socket.
  await expect(page.getByTestId('member-row')).toHaveCount(2, { timeout: LIVE_TIMEOUT });

  // A shared project (made through the API: its making is not what is tested), then one generation each.
  const projectId = await apiProject(owner, 'Harbour library', undefined, workspaceId);
  await page.goto(`/generate?project=${projectId}`);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
  const ownersPrompt = 'A harbour library in brick on a stone quay';
  await generate(page, ownersPrompt, [ownersPrompt]);
  await page.goto(`/projects/${projectId}`);
  await expect(page.locator('.tree-node')).toHaveCount(1);

  await other.goto(`/generate?project=${projectId}`);
  await expect(other.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
  // The colleague's studio in the shared project lists the owner's batch above their own.
  const colleaguesPrompt = 'The reading room of the harbour library at dusk';
  await generate(other, colleaguesPrompt, [ownersPrompt, colleaguesPrompt]);
  // The colleague's version reaches the owner's open tree, named by who made it.
  await expect(page.locator('.tree-node')).toHaveCount(2, { timeout: LIVE_TIMEOUT });
  await expect(page.locator('.tree-node-author').filter({ hasText: `by ${colleague.email}` })).toBeVisible();

  // The spend by member and by project; a number opens the ledger rows behind it.
  await page.goto(`/workspaces/${workspaceId}/spend`);
  const members = page.getByTestId('spend-member');
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: owner.email })).toBeVisible();
  await expect(members.filter({ hasText: colleague.email })).toBeVisible();
  await expect(page.getByTestId('spend-project').filter({ hasText: 'Harbour library' })).toBeVisible();
  await members.filter({ hasText: colleague.email }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: `Ledger rows: ${colleague.email}` })).toBeVisible();
  await expect(page.getByTestId('spend-entry')).toHaveCount(1);
  await expect(page.getByTestId('spend-entry')).toContainText(colleaguesPrompt);
  await expectAxeClean(page, 'the spend view');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Removed, the colleague's open tab is back in Personal at once, and says why.
  await page.goto(`/workspaces/${workspaceId}`);
  const row = page.getByTestId('member-row').filter({ hasText: colleague.email });
  await row.getByRole('button', { name: `Remove: ${colleague.email}` }).click();
  await row.getByRole('button', { name: `Confirm remove: ${colleague.email}` }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(other.getByText('You are no longer a member of Studio Nord, so you are back in your personal space.')).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(other.getByRole('button', { name: 'Space: Personal' })).toBeVisible();
});
