import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

/**
 * The Workers runtime for a vitest config: wrangler.toml's real bindings, the real migrations
 * (applied by tests/worker/setup.ts), and fixed secrets so no test depends on .dev.vars.
 */
export async function workerdPlugin(extraBindings: Record<string, string> = {}) {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return cloudflareTest({
    wrangler: { configPath: './wrangler.toml' },
    miniflare: {
      bindings: {
        TEST_MIGRATIONS: migrations,
        JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
        MEDIA_SIGNING_SECRET: 'test-media-secret-0123456789abcdef012345',
        GEMINI_API_KEY: '',
        RAZORPAY_KEY_ID: '',
        PAYMENTS_TEST_MODE: 'on',
        // Email goes to the D1 outbox (the tests' origin, parti.test, is a local host).
        EMAIL_OUTBOX: 'on',
        RAZORPAY_KEY_SECRET: 'test-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret',
        ADMIN_TOKEN: 'test-admin-token-0123456789abcdef0123456789',
        // Every read must see the last write; tests/worker/gallery/edge-cache.test.ts turns it on.
        GALLERY_CACHE_SECONDS: '0',
        ...extraBindings,
      },
    },
  });
}
