/**
 * The project page and the client's page in a review (docs/decisions/0087-version-names.md): "Share
 * for review" at the top of the project page, the owner's reply in a client's thread, the starred
 * version shown first as the current one, and an open review tab that learns of a revoke; on a
 * phone, the share panel and the client's thread without sideways scrolling.
 */
import type { Page } from '@playwright/test';
import { apiGenerate, apiProject, type ApiUser } from './api';
import { atEachWidth, expect, PHONE_WIDTH, test } from './fixtures';


const PROJECT = 'Lakeside Pavilion';

/** A1 and A2 (made from A1) in a new project; returns the ids. */
async function projectWithTwoVersions(member: ApiUser): Promise<{ projectId: string; token: string; a1: string; a2: string }> {
  const projectId = await apiProject(member, PROJECT);
  const a1 = await apiGenerate(member, 'A timber pavilion by a lake', { projectId, aspectRatio: '16:9' });
  const a2 = await apiGenerate(member, 'The pavilion with a deeper roof over the jetty', { parentId: a1, aspectRatio: '16:9' });
  return { projectId, token: member.token, a1, a2 };
}

const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

test.beforeEach(() => test.setTimeout(120_000));

test('the owner shares from the top, stars A2 for the client, answers a comment; the open review tab shows the reply, then the revoke', async ({ page, member, openPage }) => {
  const { projectId } = await projectWithTwoVersions(member);
  await page.goto(`/projects/${projectId}`);
  const tree = page.getByRole('region', { name: 'Version tree' });
  await tree.getByRole('article', { name: /^Version A2:/ }).getByRole('button', { name: 'Star as current version' }).click();

  // "Share for review" is in the header, above the tree, and opens its panel there.
  const shareButton = page.getByRole('button', { name: 'Share for review' });
  const [buttonBox, treeBox] = [await shareButton.boundingBox(), await tree.boundingBox()];
  expect(buttonBox && treeBox && buttonBox.y + buttonBox.height < treeBox.y).toBe(true);
  await shareButton.click();
  await expect(shareButton).toHaveAttribute('aria-expanded', 'true');
  const share = page.getByRole('region', { name: 'Share for review' });
  await share.getByRole('button', { name: 'Create review link' }).click();
  const url = await share.getByLabel('New review link').inputValue();
  const [panelBox, treeAfter] = [await share.boundingBox(), await tree.boundingBox()];
  expect(panelBox && treeAfter && panelBox.y + panelBox.height <= treeAfter.y).toBe(true);
  // On a phone the panel opens under the header too, in view, and nothing scrolls sideways.
  await atEachWidth(
    page,
    async () => {
      await share.scrollIntoViewIfNeeded();
      await expect(share.getByLabel('New review link')).toBeInViewport();
      await noSidewaysScroll(page);
    },
    PHONE_WIDTH,
  );

  // The client's tab keeps a clock the test can move on: it re-reads the review every minute.
  const client = await openPage();
  await client.clock.install();
  await client.goto(url);
  const cards = client.locator('.review-card');
  await expect(cards.first().locator('h3')).toHaveText('Version A2');
  await expect(cards.first()).toContainText('Current version');
  await expect(cards.nth(1).locator('h3')).toHaveText('Version A1');
  await expect(cards.nth(1)).not.toContainText('Current version');

  await client.getByRole('button', { name: 'Open version A2 to comment' }).click();
  await client.getByRole('button', { name: 'Comment on the whole image' }).click();
  await client.getByLabel('Comment on the whole image').fill('Could the roof come lower over the jetty?');
  await client.getByRole('button', { name: 'Post comment' }).click();
  await client.getByRole('dialog', { name: 'Your name' }).getByLabel('Display name').fill('Anna Client');
  await client.getByRole('button', { name: 'Continue' }).click();
  await expect(client.getByText('Could the roof come lower over the jetty?')).toBeVisible();

  // The owner answers in the thread, from the feedback panel (live through the owner's socket).
  const feedback = page.getByRole('region', { name: 'Client feedback' });
  await expect(feedback.getByText('Could the roof come lower over the jetty?')).toBeVisible();
  await feedback.getByRole('button', { name: 'Reply' }).click();
  await feedback.getByLabel('Your reply to Anna Client').fill('Yes: by 600 mm in the next version.');
  await feedback.getByRole('button', { name: 'Send reply' }).click();
  await expect(feedback.locator('.thread-reply')).toContainText('Yes: by 600 mm in the next version.');
  await expect(feedback.getByRole('button', { name: 'Reply' })).toBeVisible();

  // The client's open tab reads the review again within a minute and shows the reply under the comment.
  await client.clock.fastForward(61_000);
  const reply = client.locator('.thread-reply');
  await expect(reply).toContainText('Yes: by 600 mm in the next version.');
  await expect(reply).toContainText('The architect');
  // On a phone the client reads the comment and the reply without scrolling sideways.
  await atEachWidth(
    client,
    async () => {
      await reply.scrollIntoViewIfNeeded();
      await expect(reply).toBeInViewport();
      await noSidewaysScroll(client);
    },
    PHONE_WIDTH,
  );

  // Revoked while the tab is open: the next read turns the page into a notice.
  await share.getByRole('button', { name: 'Revoke' }).click();
  await share.getByRole('button', { name: 'Click again to revoke' }).click();
  await expect(share.getByText('Revoked')).toBeVisible();
  await client.clock.fastForward(61_000);
  await expect(client.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
  await expect(client.getByText('Could the roof come lower over the jetty?')).toHaveCount(0);
});
