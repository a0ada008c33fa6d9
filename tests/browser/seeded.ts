/**
 * The data tests/browser/global-setup.ts makes through the API before the tests run, read back by
 * the tests that need it through the `seeded` fixture (tests/browser/fixtures.ts). Tests only read
 * it: what a test changes, it makes for itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/** Where the data is written: in the server's own state folder, removed with it. */
function seededFile(): string {
  const persistDir = process.env.PARTI_TEST_PERSIST_DIR;
  if (!persistDir) throw new Error('PARTI_TEST_PERSIST_DIR is not set: run the browser tests through `npx playwright test`');
  return path.join(persistDir, 'seeded.json');
}

export function writeSeeded(data: Seeded): void {
  writeFileSync(seededFile(), JSON.stringify(data));
}

export function readSeeded(): Seeded {
  return JSON.parse(readFileSync(seededFile(), 'utf8')) as Seeded;
}
