import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { SERVER_SCREENS, splitShell, type WorkerBuild } from '#shared/app-document';
import { appServer } from './vite.app-server.ts';

/**
 * What the Worker's tests render with in place of a client build: a shell of the built
 * index.html's shape, file names per screen, and stand-ins for the prerendered pages.
 */
export const TEST_WORKER_BUILD: WorkerBuild = {
  id: 'test-build',
  shell: splitShell(
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Parti — an AI image studio." />\n<meta name="robots" content="noindex" /><title>Parti</title>' +
      '<script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>',
  ),
  screens: Object.fromEntries(
    SERVER_SCREENS.map((screen) => [screen, { scripts: [`/assets/${screen}-test.js`], styles: [`/assets/${screen}-test.css`] }]),
  ) as WorkerBuild['screens'],
  prerendered: {
    landing: {
      text: { title: 'Parti — AI image studio for architecture and design', description: 'The landing, described.' },
      markup: '<main id="main">The prerendered landing</main>',
    },
    about: { text: { title: 'About Parti', description: 'The about page, described.' }, markup: '<main id="main">The prerendered about page</main>' },
    pricing: { text: { title: 'Pricing & Plans — Parti', description: 'The plans, described.' }, markup: '<main id="main">The prerendered pricing page</main>' },
  },
};

/**
 * The Workers runtime for a vitest config: wrangler.toml's real bindings, the real migrations
 * (applied by tests/worker/setup.ts), and fixed secrets so no test depends on .dev.vars.
 */
export async function workerdPlugin(extraBindings: Record<string, string> = {}) {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  // The Worker renders the app's screens with React (`virtual:parti/app-server`, TSX and all).
  const worker = cloudflareTest({
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
  return [worker, react(), appServer({ testBuild: TEST_WORKER_BUILD }).plugin];
}
