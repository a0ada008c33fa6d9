/**
 * A generation is a job (docs/decisions/0052-studio-on-generation-jobs.md): its views land one
 * by one in the studio, and a reload in the middle keeps the job and fills it in. The prompt
 * carries SLOW_PREVIEW_MARKER, so the preview engine holds each view until the test releases it
 * (worker/studio/engines/preview-hold.ts): the job is in the middle for as long as the test needs.
 */
import type { Page } from '@playwright/test';
import { SLOW_PREVIEW_MARKER, STARTING_CREDITS } from '#shared/limits';
import { MODELS } from '#shared/models';
import { releasePreviewViews, uniqueWord } from './api';
import { expect, test } from './fixtures';

/** Rendering three views once released, on two busy cores. */
const RENDER_TIMEOUT = 45_000;

const runningJob = (page: Page) => page.locator('.studio-batch--job.studio-batch--pending');
const lines = (page: Page) => runningJob(page).locator('.studio-job-line');

test.describe('the studio on generation jobs', () => {
  test('shows each view as it lands, and a reload mid-job keeps the job and fills it in', async ({ page, member }) => {
    const prompt = `A timber cabin with a sloped roof beside a mountain lake ${uniqueWord()} ${SLOW_PREVIEW_MARKER}`;
    await page.goto('/startfree');
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await box.fill(prompt);
    await box.press('Enter');

    // One line per view, all held; then the first is let through: its image shows while the rest wait.
    await expect(lines(page)).toHaveCount(4);
    await expect(page.locator('.studio-ring')).toHaveAttribute('data-credits', String(STARTING_CREDITS - MODELS.standard.credits));
    await expect(lines(page).first()).not.toHaveAttribute('data-status', 'done');
    await releasePreviewViews(prompt, 1);
    await expect(lines(page).first()).toHaveAttribute('data-status', 'done');
    await expect(runningJob(page).locator('.studio-tile')).not.toHaveCount(0);
    await expect(lines(page).last()).not.toHaveAttribute('data-status', 'done');

    // A reload (or another device) finds the job still running and follows it to the end.
    await page.reload();
    await expect(runningJob(page)).toHaveCount(1);
    await expect(runningJob(page).locator('.studio-bubble-text')).toHaveText(prompt);
    await releasePreviewViews(prompt, 3);
    await expect(runningJob(page)).toHaveCount(0, { timeout: RENDER_TIMEOUT });
    const batch = page.locator('.studio-batch:not(.studio-batch--pending)');
    await expect(batch).toHaveCount(1);
    await expect(batch.locator('.studio-tile')).toHaveCount(4);
    await expect(batch.locator('.studio-tile img').first()).toHaveJSProperty('complete', true);
    // The finished batch has one like for the whole batch.
    await expect(batch.getByRole('button', { name: 'Like' })).toHaveCount(1);
  });
});
