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
// them back through tests/browser/api.ts and tests/browser/seeded.ts.
//
// How the suite is laid out (docs/decisions/0080-browser-suite-once-per-flow.md): each flow runs
// once, at the width it is about; the layout tour (@layout, tests/browser/layout.test.ts) walks
// every route once and looks at each stop at all three widths; accounts are made through the API,
// and the shared read-only data by tests/browser/global-setup.ts beside the first tests, once the
// server is up.
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
  // Every test makes its own users and data or only reads the seeded data, so tests run side by
  // side, any test in any worker; PARTI_TEST_WORKERS overrides the two workers.
  fullyParallel: true,
  workers: Number(process.env.PARTI_TEST_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // A failing test runs once more with a trace (`trace` below), and still fails the run when that
  // second run passes: a flaky test fails where people see it. A trace of every test, kept only for
  // failures, added two thirds to the browser's CPU time (docs/decisions/0080).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: VIEWPORTS.desktop,
    // Debian's build of Chromium's headless shell (package chromium-headless-shell), the browser
    // Playwright itself runs headless: the same engine without the desktop browser around it, for
    // 40 % less CPU than `chromium --headless` on the same tests.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: CHROMIUM_FLAGS },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  globalSetup: './tests/browser/global-setup.ts',
  // The desktop project runs every test that is not about a smaller screen, the layout tour
  // (@layout) among them, which resizes the window to the other two widths at each stop; @tablet
  // and @phone tests run only at theirs. @every-width tests are about what a page does as it loads
  // at a width (its layout shift, the rendition the browser picks): they load at all three.
  projects: [
    { name: 'desktop', use: { viewport: VIEWPORTS.desktop }, grepInvert: /@phone|@tablet/ },
    { name: 'tablet', use: { viewport: VIEWPORTS.tablet }, grep: /@tablet|@every-width/ },
    { name: 'phone', use: { viewport: VIEWPORTS.phone }, grep: /@phone|@every-width/ },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    // PREVIEW_HOLDS: the preview engine holds views of prompts marked SLOW_PREVIEW_MARKER until a
    // test releases them (tests/browser/studio-jobs.test.ts). PARTI_BUILT=1 (set by `npm test`,
    // which has just built): serve that build as it is.
    // WRANGLER_LOG=warn: no line per request. Wrangler's dev proxy posts every request's log line to
    // its Node process, 1.3 ms of Node's CPU a request, and the suite makes tens of thousands of them
    // (docs/decisions/0080); warnings and errors still reach stderr below.
    env: { PORT: port, PERSIST_DIR: persistDir, PREVIEW_HOLDS: 'on', PARTI_BUILT: process.env.PARTI_BUILT ?? '', WRANGLER_LOG: 'warn' },
    // Never someone else's server: the tests need to know the state folder of the one they talk to.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
