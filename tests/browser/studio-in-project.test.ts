/**
 * The studio inside a project (docs/decisions/0070-studio-in-a-project.md, amended by 0087): the
 * project's history alone, its name always in sight as a way back to its page, and its brief pinned
 * above the prompt on one line, with an override for one generation.
 */
import type { Page } from '@playwright/test';
import type { GenerationsPage } from '#shared/generations-types';
import { apiGenerate, apiJson, apiProject, type ApiUser } from './api';
import { expect, test } from './fixtures';

const GENERATION_TIMEOUT = 45_000;
const PROJECT = 'Earth house';
const BRIEF = { materials: 'rammed earth walls, cedar shingles', timeOfDay: 'blue hour' };
const INSIDE = 'A courtyard house with a deep shaded veranda';
const OUTSIDE = 'A timber pavilion in a birch forest, outside any project';

/** A project with a brief and one generation in it, and one generation elsewhere; the studio opened in the project. */
async function openStudioInProject(page: Page, member: ApiUser): Promise<{ projectId: string; token: string }> {
  const projectId = await apiProject(member, PROJECT, BRIEF);
  await Promise.all([apiGenerate(member, OUTSIDE), apiGenerate(member, INSIDE, { projectId })]);
  await page.goto(`/startfree?project=${projectId}`);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
  return { projectId, token: member.token };
}

const batches = (page: Page) => page.locator('.studio-batch:not(.studio-batch--pending)');
const pinned = (page: Page) => page.getByRole('group', { name: 'Working in project' });

test('the studio in a project: its history alone, its name back to its page, and one generation without the brief', async ({ page, member }) => {
  const { projectId, token } = await openStudioInProject(page, member);
  await expect(batches(page)).toHaveCount(1);
  await expect(batches(page).first()).toContainText(INSIDE);
  await expect(page.getByText(OUTSIDE)).toHaveCount(0);
  // Its name in the project, as the tree and the client say it.
  await expect(batches(page).first().locator('.studio-version-name')).toHaveText('A1');

  // The brief, pinned above the prompt on one line, opens to all its words and the override.
  const brief = pinned(page).locator('details');
  await expect(brief.locator('summary')).toContainText('Materials: rammed earth walls, cedar shingles');
  await brief.locator('summary').click();
  const override = page.getByRole('checkbox', { name: "Don't apply the brief to this generation" });
  await override.check();
  await page.getByRole('button', { name: /4 views, change/ }).click();
  await expect(page.getByRole('button', { name: /1 view, change/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Prompt' }).fill('The same house on stilts over a pond');
  await page.getByRole('textbox', { name: 'Prompt' }).press('Enter');
  await expect(batches(page)).toHaveCount(2, { timeout: GENERATION_TIMEOUT });
  const made = batches(page).last();
  await expect(made).toContainText('The same house on stilts over a pond');
  // Made without the brief: no brief line, nothing of it sent; still in the project, a tree of its own.
  await expect(made.locator('.studio-brief-line')).toHaveCount(0);
  await expect(made.locator('.studio-version-name')).toHaveText('B1');
  const listed = await apiJson<GenerationsPage>(`/api/generations?projectId=${projectId}`, token, 'GET');
  expect(listed.items.map((item) => [item.prompt, item.briefAddition === null])).toEqual([
    ['The same house on stilts over a pond', true],
    [INSIDE, false],
  ]);
  // The override was for that one generation (the brief is still open, as the user left it).
  await expect(override).not.toBeChecked();
  await brief.locator('summary').click();
  await expect(brief.locator('summary')).toContainText('Materials: rammed earth walls');

  // The project's name leads back to its page.
  await pinned(page).getByRole('link', { name: `${PROJECT}: open the project page` }).click();
  await expect(page).toHaveURL(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
});

test.describe('the studio in a project on a phone', { tag: '@phone' }, () => {
  test('keeps the project’s name and a one-line brief above the prompt, and opens the brief to the full width', async ({ page, member }) => {
    await openStudioInProject(page, member);
    const chip = pinned(page).getByRole('link', { name: `${PROJECT}: open the project page` });
    await expect(chip).toBeInViewport();
    await expect(chip).toHaveText(PROJECT);
    const summary = pinned(page).locator('summary');
    await expect(summary).toBeInViewport();
    const prompt = await page.getByRole('textbox', { name: 'Prompt' }).boundingBox();
    const closed = await summary.boundingBox();
    const chipBox = await chip.boundingBox();
    if (!prompt || !closed || !chipBox) throw new Error('the pinned project has no box');
    // One line, on the chip's line, right above the prompt.
    expect(closed.height).toBeLessThanOrEqual(chipBox.height + 1);
    expect(Math.abs(closed.y - chipBox.y)).toBeLessThanOrEqual(4);
    expect(closed.y + closed.height).toBeLessThanOrEqual(prompt.y);
    await summary.click();
    const words = pinned(page).locator('.studio-context-full');
    await expect(words).toContainText('Materials: rammed earth walls, cedar shingles');
    const open = await words.boundingBox();
    expect(open?.width ?? 0).toBeGreaterThan(300);
    await expect(page.getByRole('checkbox', { name: "Don't apply the brief to this generation" })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});
