/**
 * A generation is a job (docs/decisions/0052-studio-on-generation-jobs.md): its views land one
 * by one in the studio, and a reload in the middle keeps the job and fills it in. The prompt
 * carries SLOW_PREVIEW_MARKER, so the preview engine waits before each view
 * (PREVIEW_VIEW_DELAY_MS, set by playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { SLOW_PREVIEW_MARKER, STARTING_CREDITS } from '#shared/limits';
import { MODELS } from '#shared/models';
import { expect, test, type Account } from './fixtures';

const SLOW_PROMPT = `A timber cabin with a sloped roof beside a mountain lake ${SLOW_PREVIEW_MARKER}`;
const JOB_TIMEOUT = 45_000;

const studioTest = test.extend<{ studio: Account }>({
  studio: async ({ page, member }, use) => {
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
    await use(member);
  },
});

const runningJob = (page: Page) => page.locator('.studio-batch--job.studio-batch--pending');
const lines = (page: Page) => runningJob(page).locator('.studio-job-line');

studioTest.describe('the studio on generation jobs', () => {
  studioTest('shows each view as it lands, and a reload mid-job keeps the job and fills it in', { tag: '@every-width' }, async ({ page, studio }) => {
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill(SLOW_PROMPT);
    await box.press('Enter');

    // One line per view; the first image shows while the last view is still to come.
    await expect(lines(page)).toHaveCount(4, { timeout: JOB_TIMEOUT });
    await expect(lines(page).first()).toHaveAttribute('data-status', 'done', { timeout: JOB_TIMEOUT });
    await expect(runningJob(page).locator('.studio-tile')).not.toHaveCount(0);
    await expect(lines(page).last()).not.toHaveAttribute('data-status', 'done');
    await expect(page.locator('.studio-ring')).toHaveAttribute('data-credits', String(STARTING_CREDITS - MODELS.standard.credits));

    // A reload (or another device) finds the job still running and follows it to the end.
    await page.reload();
    await expect(runningJob(page)).toHaveCount(1, { timeout: JOB_TIMEOUT });
    await expect(runningJob(page).locator('.studio-bubble-text')).toHaveText(SLOW_PROMPT);
    await expect(runningJob(page)).toHaveCount(0, { timeout: JOB_TIMEOUT });
    const batch = page.locator('.studio-batch:not(.studio-batch--pending)');
    await expect(batch).toHaveCount(1);
    await expect(batch.locator('.studio-tile')).toHaveCount(4);
    await expect(batch.locator('.studio-tile img').first()).toHaveJSProperty('complete', true);
    // The finished batch has one like for the whole batch.
    await expect(batch.getByRole('button', { name: 'Like' })).toHaveCount(1);
  });
});
