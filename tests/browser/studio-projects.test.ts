/**
 * The studio inside a project (docs/decisions/0070-studio-in-a-project.md) and presets beside the
 * prompt (docs/decisions/0069-presets-in-the-prompt.md): a project made through the API, its
 * brief's words on every generation, two refinements that name their parents, and the lineage in
 * the viewer.
 */
import type { Page } from '@playwright/test';
import { SEASON_PRESETS, TIME_OF_DAY_PRESETS } from '#shared/presets';
import type { ProjectDetail } from '#shared/project-types';
import { apiJson, apiProject, type ApiUser } from './api';
import { expect, test } from './fixtures';

const GENERATION_TIMEOUT = 45_000;
const golden = TIME_OF_DAY_PRESETS.find((option) => option.id === 'golden-hour');
const monsoon = SEASON_PRESETS.find((option) => option.id === 'monsoon');
const BRIEF = { materials: 'red clay brick, weathered steel', season: monsoon?.words ?? '' };

/** A member in the studio with a project of theirs open, made through the API with a brief. */
const projectTest = test.extend<{ project: { member: ApiUser; id: string } }>({
  project: async ({ page, member }, use) => {
    const id = await apiProject(member, 'Courtyard library', BRIEF);
    await page.goto(`/startfree?project=${id}`);
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(id);
    await use({ member, id });
  },
});

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
const batches = (page: Page) => page.locator('.studio-batch:not(.studio-batch--pending)');

async function openPresets(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await expect(page.getByRole('group', { name: /^Presets/ })).toBeVisible();
}

async function send(page: Page, prompt: string | null, count: number): Promise<void> {
  if (prompt !== null) await promptBox(page).fill(prompt);
  await promptBox(page).press('Enter');
  await expect(batches(page)).toHaveCount(count, { timeout: GENERATION_TIMEOUT });
}

projectTest.describe('the studio inside a project', () => {
  projectTest('presets, the brief’s words, two refinements with their parents, and the lineage in the viewer', async ({ page, project }) => {
    await page.getByRole('button', { name: /4 views, change/ }).click();
    await openPresets(page);
    // The brief sets the season: a read-only chip; the time of day is the user's to pick.
    const seasonChip = page.locator('.studio-preset[data-group="season"]');
    await expect(seasonChip).toContainText('Monsoon overcast');
    await expect(seasonChip).toContainText('from brief');
    await expect(seasonChip.getByRole('combobox')).toHaveCount(0);

    await promptBox(page).fill('A courtyard library for a school');
    await page.getByRole('combobox', { name: 'Time of day preset' }).selectOption('golden-hour');
    await expect(promptBox(page)).toHaveValue(`A courtyard library for a school, ${golden?.words ?? ''}`);
    // Another time of day replaces it rather than adding a second.
    await page.getByRole('combobox', { name: 'Time of day preset' }).selectOption('dusk');
    await page.getByRole('combobox', { name: 'Time of day preset' }).selectOption('golden-hour');
    await expect(promptBox(page)).toHaveValue(`A courtyard library for a school, ${golden?.words ?? ''}`);
    await expect(page.locator('.studio-preset[data-group="timeOfDay"]')).toHaveClass(/is-on/);

    await send(page, null, 1);
    // The brief's words show on the batch: a quiet line that expands.
    const brief = batches(page).first().locator('.studio-brief-line');
    await expect(brief).toContainText('Brief:');
    await brief.locator('summary').click();
    await expect(brief).toContainText('Materials: red clay brick, weathered steel.');

    // Two refinements, each continuing from the first result of the one before.
    await page.locator('.studio-tile').first().hover();
    await page.getByRole('button', { name: 'Select for refinement' }).first().click();
    await send(page, 'Make the courtyard planting denser', 2);
    await expect(batches(page).last().getByRole('button', { name: 'Select for refinement' }).first()).toHaveAttribute('aria-pressed', 'true');
    await send(page, 'Add a reflecting pool in the courtyard', 3);

    const detail = await apiJson<ProjectDetail>(`/api/projects/${project.id}`, project.member.token);
    const [first, second, third] = [...detail.generations].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(detail.generations).toHaveLength(3);
    expect(first?.parentId).toBeNull();
    expect(second?.parentId).toBe(first?.id);
    expect(third?.parentId).toBe(second?.id);
    expect(first?.prompt).toContain(golden?.words);

    // The newest image's lineage: root → it, one click in the viewer.
    await batches(page).last().getByRole('button', { name: 'Open image 1 of 1' }).click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('button', { name: 'Lineage' }).click();
    const strip = viewer.getByRole('list', { name: /^Lineage/ });
    await expect(strip.getByRole('listitem')).toHaveCount(3);
    await expect(strip.getByRole('button').last()).toHaveAttribute('aria-current', 'true');
    await strip.getByRole('button').first().click();
    await expect(viewer.locator('.viewer-prompt')).toHaveText(first?.prompt ?? '');
    await expect(strip.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');

    // "Branch from here" on the project page: the studio opens with that image selected to refine.
    await page.goto(`/startfree?project=${project.id}&parent=${first?.id ?? ''}.0`);
    await expect(page.locator('.studio-thumb img')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Refine mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL((url) => url.searchParams.get('parent') === null && url.searchParams.get('project') === project.id);
  });
});
