import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium with playwright-core against the app as `npm start`
// serves it (built frontend, wrangler dev, local D1 and R2), started once by global-setup.ts.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/browser/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
