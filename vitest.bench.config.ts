import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { workerdPlugin } from './vitest.workerd.ts';

// `npm run bench` (scripts/bench.mjs) runs this: the photon half of the benchmark inside
// workerd, reading the inputs the script wrote so both halves process the same images.
export default defineConfig(async () => {
  const inputsFile = path.join(import.meta.dirname, 'bench', 'results', 'generate-inputs.json');
  const inputs = existsSync(inputsFile) ? readFileSync(inputsFile, 'utf8') : '{}';
  return {
    plugins: [await workerdPlugin({ BENCH_INPUTS: inputs })],
    test: {
      include: ['tests/worker/bench/**/*.bench.ts'],
      setupFiles: ['./tests/worker/setup.ts'],
      testTimeout: 600_000,
    },
  };
});
