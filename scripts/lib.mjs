// Helpers shared by the project's scripts (start, test, seed, admin, bench).
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// Children run on the pinned Node (the `node` devDependency) even when a script is started
// with another one: its bin folder comes first on PATH.
process.env.PATH = [path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter);

/** Local defaults for every secret live in .dev.vars.example; copy them when .dev.vars is absent. */
export function ensureDevVars() {
  const target = path.join(root, '.dev.vars');
  const example = path.join(root, '.dev.vars.example');
  if (!existsSync(target)) {
    copyFileSync(example, target);
    console.log('Created .dev.vars from .dev.vars.example (local defaults, no keys).');
    return;
  }
  // A .dev.vars from an older checkout gains the variables added since, never losing its own values.
  const names = (text) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
  const current = readFileSync(target, 'utf8');
  const have = names(current);
  const missing = readFileSync(example, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line) && !have.has(line.slice(0, line.indexOf('='))));
  if (missing.length === 0) return;
  appendFileSync(target, `${current.endsWith('\n') ? '' : '\n'}${missing.join('\n')}\n`);
  console.log(`Added ${missing.map((line) => line.slice(0, line.indexOf('='))).join(', ')} to .dev.vars from .dev.vars.example.`);
}

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved as they came) collected instead
 * of shown; `started` sees the child as soon as it exists. Resolves once it ends, however it ended.
 */
export function runCollected(command, args, { started, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    started?.(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, output: Buffer.concat(output).toString() }));
  });
}

/** Applies the pending D1 migrations to the local state `wrangler dev --persist-to persistDir` opens (default .wrangler/state). */
export async function applyLocalMigrations(persistDir) {
  // scripts/migrate-local.mjs: one local runtime for every pending migration, where `wrangler d1
  // migrations apply --local` starts one each. Its output is shown only when it fails.
  const script = path.join(root, 'scripts', 'migrate-local.mjs');
  const { code, signal, output } = await runCollected(process.execPath, [script, ...(persistDir ? [persistDir] : [])]);
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`scripts/migrate-local.mjs exited with ${code ?? signal}`);
  }
  console.log(output.split('\n').filter((line) => line.startsWith('Local D1:')).join('\n'));
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the app answers /api/health; fails early if its process (when given) exits. */
export async function waitForHealth(baseUrl, child = null, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the app did not answer ${baseUrl}/api/health in time`);
}

/** Every process below `pid` (wrangler runs workerd as a child), read from /proc (Linux only). */
export function descendantPids(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) for (const child of children.get(queue.shift()) ?? []) (found.push(child), queue.push(child));
  return found;
}

/** The workerd processes below `pid`. */
export function workerdPidsUnder(pid) {
  return descendantPids(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'workerd';
    } catch {
      return false;
    }
  });
}

/** Resident memory of the given processes together, bytes (0 for one that ended). */
export function rssBytesOf(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb * 1024;
}
