/**
 * scripts/migrate-local.mjs applies the migrations to a fresh local state in the bookkeeping
 * `wrangler d1 migrations apply --local` keeps: wrangler, asked next, finds nothing to apply. Were
 * the two to disagree, `npm run db:migrate` would apply a migration twice over a state `npm start`
 * made (and fail on its CREATE TABLE).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const state = mkdtempSync(path.join(tmpdir(), 'parti-migrate-local-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

it('applies every migration once, in a state wrangler reads as fully migrated', async () => {
  const migrations = readdirSync(path.join(root, 'migrations')).filter((name) => name.endsWith('.sql')).sort();
  const first = await run(process.execPath, ['scripts/migrate-local.mjs', state], { cwd: root });
  expect(first.stdout).toContain(`Local D1: applied ${migrations.join(', ')}.`);

  const wrangler = await run(path.join(root, 'node_modules/.bin/wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    cwd: root,
    env: { ...process.env, CI: 'true' },
  });
  expect(wrangler.stdout).toContain('No migrations to apply');
}, 60_000);
