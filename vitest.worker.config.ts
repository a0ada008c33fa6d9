import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd with the real D1, R2 and Durable Object bindings of
// wrangler.toml, and the real migrations applied by tests/worker/setup.ts.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
            MEDIA_SIGNING_SECRET: 'test-media-secret-0123456789abcdef012345',
            GEMINI_API_KEY: '',
            RAZORPAY_KEY_ID: '',
            RAZORPAY_KEY_SECRET: 'test-key-secret',
            RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret',
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['./tests/worker/setup.ts'],
      testTimeout: 30_000,
    },
  };
});
