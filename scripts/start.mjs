#!/usr/bin/env node
// `npm start`: build the React app, apply the D1 migrations locally and serve everything from
// the Worker at http://localhost:8787 (PORT overrides). No keys and no network needed.
// `npm run dev`: the same Worker, plus Vite's dev server with hot reload in front of it.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { applyLocalMigrations, bin, ensureDevVars, root, run } from './lib.mjs';

const watch = process.argv.includes('--watch');
const port = process.env.PORT ?? '8787';
const persistDir = process.env.PERSIST_DIR; // tests use their own local state

ensureDevVars();
if (watch) {
  // Vite serves the app itself; wrangler only needs its assets folder to exist.
  mkdirSync(path.join(root, 'dist', 'client'), { recursive: true });
} else {
  await run(bin('vite'), ['build', '--logLevel', 'warn']);
}
await applyLocalMigrations(persistDir);

const wranglerArgs = ['dev', '--port', port, '--show-interactive-dev-session=false'];
if (persistDir) wranglerArgs.push('--persist-to', persistDir);
const children = [spawn(bin('wrangler'), wranglerArgs, { cwd: root, stdio: 'inherit' })];
if (watch) {
  children.push(
    spawn(bin('vite'), ['--port', process.env.VITE_PORT ?? '5173'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WORKER_PORT: port },
    }),
  );
}

const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
