import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { workerdPlugin } from './vitest.workerd.ts';

// One vitest run, three projects (`--project worker`, `frontend` or `repo` picks one):
// - worker: inside workerd with the real D1, R2 and Durable Object bindings of wrangler.toml,
//   and the real migrations applied by tests/worker/setup.ts. Files share one runtime per vitest
//   worker (isolate: false) and setup.ts empties its storage before each file: a runtime per file
//   cost about 1.3 s of start-up each, fifty times;
// - frontend: the app's modules and components in jsdom. vmThreads gives each file its own
//   module graph in a VM context over one jsdom per worker, instead of building jsdom per file
//   (39 times, most of the project's time);
// - repo: checks of the repository itself in Node (its configuration, its decision records).
// Every core runs a file: Vitest's default leaves one core free (cores − 1, one file at a time on
// CI's two), but a Worker file's work happens in its workerd process, not in Vitest's.
// This file, not vite.config.ts (whose Cloudflare plugin builds the app), configures vitest.
export default defineConfig(async () => ({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [await workerdPlugin()],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/worker/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'frontend',
          include: ['tests/frontend/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['./tests/frontend/setup.ts'],
        },
      },
      {
        test: {
          name: 'repo',
          include: ['tests/repo/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
}));
