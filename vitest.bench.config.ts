import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// `npm run bench` (scripts/bench.mjs) runs this: the photon half of the benchmark inside
// workerd, reading the inputs the script wrote so both halves process the same images.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  const inputsFile = path.join(import.meta.dirname, 'bench', 'results', 'generate-inputs.json');
  const inputs = existsSync(inputsFile) ? readFileSync(inputsFile, 'utf8') : '{}';
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            BENCH_INPUTS: inputs,
            JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
            MEDIA_SIGNING_SECRET: 'bench-media-secret-0123456789abcdef012345',
            GEMINI_API_KEY: '',
            RAZORPAY_KEY_ID: '',
          },
        },
      }),
    ],
    test: {
      include: ['tests/worker/bench/**/*.bench.ts'],
      setupFiles: ['./tests/worker/setup.ts'],
      testTimeout: 600_000,
    },
  };
});
