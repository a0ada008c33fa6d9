/**
 * The data tests/browser/global-setup.ts makes through the API while the first tests run, read
 * back by the tests that need it through the `seeded` fixture (tests/browser/fixtures.ts), which
 * waits until it is written. Tests only read it: what a test changes, it makes for itself.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Seeded {
  /** GALLERY_PAGE_SIZE + 5 public generations with this word in their prompts, from several users. */
  gallery: { word: string; total: number; multiViewPrompt: string; lastPrompt: string };
  /** A card of one image and a card of four, with this word in their prompts. */
  renditions: { word: string };
  /** A member with six generations and nothing else. */
  masonry: { email: string };
  /**
   * A member whose screens all have something on them: a project with a brief, a root generation
   * and two versions made from it, one generation outside the project, and a review link.
   */
  tour: { email: string; projectId: string; generationIds: string[]; reviewUrl: string };
}

/** What the setup leaves: the data, or why it could not make it. */
type SeedingOutcome = { data: Seeded } | { error: string };

/** Long enough for the whole seeding on two busy cores, which the first tests share. */
export const SEEDING_TIMEOUT_MS = 240_000;

/** Where the data is written: in the server's own state folder, removed with it. */
function seededFile(): string {
  const persistDir = process.env.PARTI_TEST_PERSIST_DIR;
  if (!persistDir) throw new Error('PARTI_TEST_PERSIST_DIR is not set: run the browser tests through `npx playwright test`');
  return path.join(persistDir, 'seeded.json');
}

/** Written whole under another name and then renamed, so a reader never sees half of it. */
export function writeSeedingOutcome(outcome: SeedingOutcome): void {
  const file = seededFile();
  writeFileSync(`${file}.partial`, JSON.stringify(outcome));
  renameSync(`${file}.partial`, file);
}

/** The data once the setup has written it; fails with the setup's own error if it could not. */
export async function waitForSeeded(): Promise<Seeded> {
  const file = seededFile();
  await expect.poll(() => existsSync(file), { message: 'the global setup writes the seeded data', timeout: SEEDING_TIMEOUT_MS }).toBe(true);
  const outcome = JSON.parse(readFileSync(file, 'utf8')) as SeedingOutcome;
  if ('error' in outcome) throw new Error(`seeding failed: ${outcome.error}`);
  return outcome.data;
}
