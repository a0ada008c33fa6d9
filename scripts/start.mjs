#!/usr/bin/env node
// `npm start`: build the app and the Worker together (vite build: dist/client and dist/parti with
// its wrangler.json), apply the D1 migrations locally and serve the built output with wrangler dev
// at http://localhost:8787 (PORT overrides; PERSIST_DIR keeps D1, R2 and Durable Object state in
// a folder of its own). No keys and no network needed.
// `npm run dev`: Vite's dev server with the Worker running inside it (workerd), hot reload for
// both, at http://localhost:5173 (PORT overrides).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { applyLocalMigrations, bin, ensureDevVars, root, run } from './lib.mjs';

const watch = process.argv.includes('--watch');
const port = process.env.PORT ?? (watch ? '5173' : '8787');
const persistDir = process.env.PERSIST_DIR; // tests use their own local state

ensureDevVars();
let child;
if (watch) {
  await applyLocalMigrations(persistDir);
  // vite.config.ts points the Worker's local state at PERSIST_DIR (or .wrangler/state).
  child = spawn(bin('vite'), ['--port', port, '--strictPort'], { cwd: root, stdio: 'inherit' });
} else {
  // `npm test` builds once before its suites and tells the browser tests' server so.
  if (process.env.PARTI_BUILT !== '1') await run(bin('vite'), ['build', '--logLevel', 'warn']);
  await applyLocalMigrations(persistDir);
  // The output config: the built Worker, its assets (SPA fallback, /api/* and /media/* to the
  // Worker first) and the bindings and cron of wrangler.toml.
  const args = ['dev', '--config', 'dist/parti/wrangler.json', '--port', port, '--show-interactive-dev-session=false'];
  // Always named: wrangler would otherwise keep state beside the output config, in dist/.
  args.push('--persist-to', persistDir ?? path.join(root, '.wrangler', 'state'));
  // The preview engine's test-only hold (wrangler.toml PREVIEW_HOLDS), for the browser tests.
  if (process.env.PREVIEW_HOLDS) args.push('--var', `PREVIEW_HOLDS:${process.env.PREVIEW_HOLDS}`);
  child = spawn(bin('wrangler'), args, { cwd: root, stdio: 'inherit' });
}

const stop = (signal) => {
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
