import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './scripts/lib.mjs';
import { VIEWPORTS } from './tests/browser/viewports';

// Browser tests: Debian's Chromium against the app exactly as `npm start` serves it (Vite build,
// local D1 migrations, wrangler dev), on a free port with its own fresh local state.
//
// This module is evaluated by the runner and again by every worker. The runner picks the port and
// the state folder once and puts them in the environment, which the workers inherit; the tests read
// them back through tests/browser/fixtures.ts.
if (!process.env.TEST_WORKER_INDEX && !process.env.PARTI_TEST_PORT) {
  process.env.PARTI_TEST_PORT = String(await freePort());
  const persistDir = path.join(tmpdir(), `parti-browser-${process.pid}-${Date.now().toString(36)}`);
  process.env.PARTI_TEST_PERSIST_DIR = persistDir;
  // After the web server has been stopped: the runner's own exit.
  process.on('exit', () => rmSync(persistDir, { recursive: true, force: true }));
}
const port = process.env.PARTI_TEST_PORT ?? '';
const persistDir = process.env.PARTI_TEST_PERSIST_DIR ?? '';
const baseURL = `http://localhost:${port}`;

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.test.ts',
  // Every test makes its own users and data, so files run side by side; a file stays in one worker
  // (the gallery seeds its data once per file). Two workers took 4.4 min where one took 7.6 on two
  // busy cores; PARTI_TEST_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.PARTI_TEST_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // A flaky test should fail where people see it; the trace of every failure is kept.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: VIEWPORTS.desktop,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
  },
  // The desktop project runs every test that is not about a smaller screen. Tests tagged
  // @every-width run at all three widths; @tablet and @phone tests run only at theirs.
  projects: [
    { name: 'desktop', use: { viewport: VIEWPORTS.desktop }, grepInvert: /@phone|@tablet/ },
    { name: 'tablet', use: { viewport: VIEWPORTS.tablet }, grep: /@tablet|@every-width/ },
    { name: 'phone', use: { viewport: VIEWPORTS.phone }, grep: /@phone|@every-width/ },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    // Prompts marked SLOW_PREVIEW_MARKER render each view this much later (tests/browser/studio-jobs.test.ts).
    // PARTI_BUILT=1 (set by `npm test`, which has just built): serve that build as it is.
    env: { PORT: port, PERSIST_DIR: persistDir, PREVIEW_VIEW_DELAY_MS: '2500', PARTI_BUILT: process.env.PARTI_BUILT ?? '' },
    // Never someone else's server: the tests need to know the state folder of the one they talk to.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
