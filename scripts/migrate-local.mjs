#!/usr/bin/env node
// `node scripts/migrate-local.mjs [persistDir]`: applies the D1 migrations wrangler.toml names to the
// local database that `wrangler dev --persist-to <persistDir>` (default .wrangler/state) and
// `npm run dev` open, and records each in the same `d1_migrations` table `wrangler d1 migrations
// apply --local` keeps, so either can apply the next one.
//
// Why not that command: it starts a local runtime for every migration it applies, about a second
// each — 16 s for the fourteen of a fresh state, before every `npm start` and every test server.
// This starts one (wrangler's getPlatformProxy, on the same state) and applies each pending
// migration in one batch with its record, as the Worker tests' applyD1Migrations does
// (tests/worker/setup.ts): about 6 s (docs/decisions/0080, seventh amendment).
import path from 'node:path';

// Wrangler's own log lines (its banner, the bindings local mode lacks) are not this script's news.
process.env.WRANGLER_LOG ??= 'error';
const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
const { getPlatformProxy } = await import('wrangler');

const root = path.resolve(import.meta.dirname, '..');
const persistDir = path.resolve(process.argv[2] ?? path.join(root, '.wrangler', 'state'));
const TABLE = 'd1_migrations';

const proxy = await getPlatformProxy({
  configPath: path.join(root, 'wrangler.toml'),
  // wrangler dev's --persist-to names the folder that holds v3/; getPlatformProxy wants v3/ itself.
  persist: { path: path.join(persistDir, 'v3') },
  envFiles: [],
  remoteBindings: false,
});
try {
  const db = proxy.env.DB;
  await db.prepare(`CREATE TABLE IF NOT EXISTS ${TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`).run();
  const applied = new Set((await db.prepare(`SELECT name FROM ${TABLE}`).all()).results.map((row) => row.name));
  const pending = (await readD1Migrations(path.join(root, 'migrations'))).filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    // A migration and its record land together or not at all.
    await db.batch([...migration.queries.map((query) => db.prepare(query)), db.prepare(`INSERT INTO ${TABLE} (name) VALUES (?)`).bind(migration.name)]);
  }
  console.log(pending.length === 0 ? 'Local D1: no migrations to apply.' : `Local D1: applied ${pending.map((migration) => migration.name).join(', ')}.`);
} finally {
  await proxy.dispose();
}
