/**
 * Projects from the user's side (docs/decisions/0065-projects-screens.md): the Projects view, the
 * project page with its brief and version tree, moving a generation from the dashboard. Test
 * generations are made through the real API with the user's own token, as the studio would.
 */
import type { Locator, Page } from '@playwright/test';
import type { ProjectDetail } from '#shared/project-types';
import { SEASON_PRESETS, TIME_OF_DAY_PRESETS } from '#shared/presets';
import { briefPromptAddition } from '#shared/brief';
import { apiGenerate, apiJson, apiProject, uniqueWord, type ApiUser } from './api';
import { expect, test } from './fixtures';

/** One Fast view made in a project, from a parent when given. */
function generateIn(member: ApiUser, projectId: string, prompt: string, parentId?: string): Promise<string> {
  return apiGenerate(member, prompt, { projectId, ...(parentId ? { parentId } : {}) });
}

const project = (member: ApiUser, id: string) => apiJson<ProjectDetail>(`/api/projects/${id}`, member.token);
const nodes = (page: Page) => page.locator('.tree-node');

test.describe('projects', () => {
  test('are created, renamed, briefed, grow a version tree, star a version and delete without losing generations', async ({ page, member }) => {
    // Three generations and a dozen steps: more than one test's default minute on a busy machine.
    test.slow();
    await page.goto('/projects');
    await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('A project keeps one design’s views')).toBeVisible();

    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Riverside library');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Riverside library' })).toBeVisible();
    const projectId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    expect(projectId).not.toBe('');

    // Rename in place.
    await page.getByRole('button', { name: 'Rename Riverside library' }).click();
    await page.getByLabel('Project name').fill('Riverside library, scheme B');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Riverside library, scheme B' })).toBeVisible();

    // A brief with a preset: the chip fills the field, the preview shows the words, saving makes v2.
    await expect(page.getByText('Brief v1')).toBeVisible();
    const golden = TIME_OF_DAY_PRESETS.find((option) => option.id === 'golden-hour');
    if (!golden) throw new Error('golden hour preset missing');
    await page.getByRole('group', { name: 'Time of day presets' }).getByRole('button', { name: golden.label }).click();
    await expect(page.getByLabel('Time of day', { exact: true })).toHaveValue(golden.words);
    await page.getByLabel('Summary').fill('A two-storey library stepping down to the river');
    const words = briefPromptAddition({ summary: 'A two-storey library stepping down to the river', timeOfDay: golden.words });
    await expect(page.locator('.brief-preview')).toContainText(words);
    await page.getByRole('button', { name: 'Save brief' }).click();
    await expect(page.getByText('Brief v2')).toBeVisible();
    await expect.poll(async () => (await project(member, projectId)).brief.timeOfDay).toBe(golden.words);

    // Three generations, each from the one before: root → v2 → v3, appearing live.
    await expect(page.getByText('No generations yet')).toBeVisible();
    const word = uniqueWord();
    const root = await generateIn(member, projectId, `A library on a river bank ${word}`);
    await expect(nodes(page)).toHaveCount(1);
    const second = await generateIn(member, projectId, `The same library, deeper eaves ${word}`, root);
    const third = await generateIn(member, projectId, `The same library, a reading terrace ${word}`, second);
    await expect(nodes(page)).toHaveCount(3);
    await expect(page.getByRole('article', { name: /^Version A1: A library on a river bank/ })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Version A2: The same library, deeper eaves/ })).toBeVisible();
    const latest = page.getByRole('article', { name: /^Version A3: The same library, a reading terrace/ });
    await expect(latest).toContainText('Brief v2');
    await expect(page.locator('.version-tree-edges path')).toHaveCount(2);

    // Star the newest as the current version.
    await latest.getByRole('button', { name: 'Star as current version' }).click();
    await expect(latest.getByRole('button', { name: 'Star as current version' })).toHaveAttribute('aria-pressed', 'true');
    await expect(latest.getByRole('img', { name: 'Current version' })).toBeVisible();
    await expect.poll(async () => (await project(member, projectId)).generations.find((item) => item.id === third)?.starred).toBe(true);

    // Two selected versions make a compare link.
    await page.getByRole('article', { name: /^Version A1:/ }).getByRole('button', { name: 'Select for compare' }).click();
    await latest.getByRole('button', { name: 'Select for compare' }).click();
    await expect(page.getByRole('link', { name: 'Compare 2' })).toHaveAttribute('href', `/compare?items=${encodeURIComponent(`${root}.0,${third}.0`)}`);

    // Back on the Projects view: the card, then a delete that keeps the generations.
    await page.getByRole('link', { name: 'Projects' }).first().click();
    const card = page.getByRole('article', { name: 'Riverside library, scheme B' });
    await expect(card).toContainText('3 generations');
    await card.getByRole('button', { name: 'Delete project' }).click();
    await card.getByRole('button', { name: 'Click again — its generations stay' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('A project keeps one design’s views')).toBeVisible();
    await page.getByRole('tab', { name: 'Generations' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.dashboard-card')).toHaveCount(3);
    expect(second).not.toBe(root);
  });

  test('takes a generation in from the dashboard, which then links to it', async ({ page, member }) => {
    const projectId = await apiProject(member, 'Hillside house');
    const generationId = await apiGenerate(member, `A hillside house with a long terrace ${uniqueWord()}`);
    await page.goto('/dashboard');
    const card = page.locator('.dashboard-card').first();
    await card.hover();
    await card.getByRole('button', { name: 'Move to project…' }).click();
    await page.getByRole('dialog', { name: 'Move to project' }).getByRole('button', { name: 'Hillside house' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const badge = card.getByRole('link', { name: 'In project Hillside house' });
    await expect(badge).toBeVisible();
    await expect.poll(async () => (await project(member, projectId)).generations.map((item) => item.id)).toEqual([generationId]);
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(nodes(page)).toHaveCount(1);
  });
});

/** The scale and centre a compare pane shows, read from the screen (as tests/browser/compare.test.ts does). */
async function paneView(pane: Locator) {
  return pane.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const image = element.querySelector('.compare-layer:not([style*="hidden"]) img')?.getBoundingClientRect();
    if (!image) return null;
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return { scale: round(image.width / box.width), x: round((box.left + box.width / 2 - image.left) / image.width), y: round((box.top + box.height / 2 - image.top) / image.height) };
  });
}

test.describe('the architect’s workflow', () => {
  test('a project and its brief, generated in the studio, refined twice, the three-node tree, and two versions compared with one zoom', async ({ page, member }) => {
    test.slow();
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Harbour museum');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour museum' })).toBeVisible();
    const projectId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const winter = SEASON_PRESETS.find((option) => option.id === 'winter');
    if (!winter) throw new Error('winter preset missing');
    await page.getByRole('group', { name: 'Season & weather presets' }).getByRole('button', { name: winter.label }).click();
    await page.getByRole('button', { name: 'Save brief' }).click();
    await expect(page.getByText('Brief v2')).toBeVisible();

    // Into the studio with the project open: one view, then two refinements of the newest image.
    await page.getByRole('link', { name: 'Open in studio' }).click();
    await expect(page).toHaveURL(new RegExp(`/startfree\\?project=${projectId}$`));
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
    await page.getByRole('button', { name: /4 views, change/ }).click();
    const prompt = page.getByRole('textbox', { name: 'Prompt' });
    const batches = page.locator('.studio-batch:not(.studio-batch--pending)');
    const send = async (text: string, count: number) => {
      await prompt.fill(text);
      await prompt.press('Enter');
      await expect(batches).toHaveCount(count, { timeout: 45_000 });
    };
    await send('A harbour museum of timber on a stone quay', 1);
    await page.locator('.studio-tile').first().hover();
    await page.getByRole('button', { name: 'Select for refinement' }).first().click();
    await send('Make the roof a long shallow pitch', 2);
    await send('Add a public stair down to the water', 3);

    // The project page: one line of three versions, made with the brief's second version.
    await page.goto(`/projects/${projectId}`);
    await expect(nodes(page)).toHaveCount(3);
    const first = page.getByRole('article', { name: /^Version A1: A harbour museum/ });
    const third = page.getByRole('article', { name: /^Version A3: Add a public stair/ });
    await expect(page.getByRole('article', { name: /^Version A2: Make the roof/ })).toBeVisible();
    await expect(third).toContainText('Brief v2');
    await expect(page.locator('.version-tree-edges path')).toHaveCount(2);
    expect((await project(member, projectId)).generations.every((item) => item.briefAddition?.includes(winter.words))).toBe(true);

    // Compare the first and the latest: one zoom moves both.
    await first.getByRole('button', { name: 'Select for compare' }).click();
    await third.getByRole('button', { name: 'Select for compare' }).click();
    await page.getByRole('link', { name: 'Compare 2' }).click();
    const panes = page.locator('.compare-pane');
    await expect(panes).toHaveCount(2);
    await expect.poll(() => paneView(panes.nth(0))).not.toBeNull();
    const fitted = await paneView(panes.nth(0));
    await page.getByRole('group', { name: /zoomed and panned together/ }).focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => {
      const [left, right] = [await paneView(panes.nth(0)), await paneView(panes.nth(1))];
      return left !== null && left.scale > (fitted?.scale ?? 1) && JSON.stringify(left) === JSON.stringify(right);
    }).toBe(true);
  });
});
