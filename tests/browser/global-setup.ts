import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's local D1/R2 state, for tests that run the operator command against it. */
    persistDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer ${url}/api/health in time`);
}

/** Starts the product exactly as `npm start` does, on a free port with its own local state. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const persistDir = mkdtempSync(path.join(tmpdir(), 'parti-browser-'));
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child, Date.now() + 150_000);
  } catch (error) {
    console.error(log);
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('persistDir', persistDir);

  return async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(persistDir, { recursive: true, force: true });
  };
}
