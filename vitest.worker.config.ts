import { defineConfig } from 'vitest/config';
import { workerdPlugin } from './vitest.workerd';

// Worker tests run inside workerd with the real D1, R2 and Durable Object bindings of
// wrangler.toml, and the real migrations applied by tests/worker/setup.ts.
export default defineConfig(async () => ({
  plugins: [await workerdPlugin()],
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['./tests/worker/setup.ts'],
    testTimeout: 30_000,
  },
}));
