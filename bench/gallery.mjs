#!/usr/bin/env node
// Gallery benchmark (docs/decisions/0017-server-built-gallery.md): how fast is a 40-card gallery
// page at 10,000 and 100,000 public generations, next to the ceiling — the same runtime (wrangler
// dev / workerd) serving a static file of the same size — and how many bytes the first gallery
// screen costs.
//
// Everything is real and local: migrations applied to a fresh local D1 (a temp persist dir), a
// few real generations made through POST /api/generate by the preview engine (real JPEGs,
// thumbnails and placeholders in local R2), then the table filled in SQL with public rows that
// reuse those stored images, varied prompts and random shuffle keys. A small keep-alive load
// generator on loopback measures requests per second and p50/p99 latency.
//   node bench/gallery.mjs [--quick]   (BENCH_SECONDS per scenario, default 5; BENCH_CONNECTIONS, default 8)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyLocalMigrations, bin, ensureDevVars, freePort, root, waitForHealth } from '../scripts/lib.mjs';

// The gallery's column rules and the ladder, from the app's own TypeScript (Node strips the types).
const grid = await import('../shared/grid-rules.ts');
const layout = await import('../frontend/gallery/layout.ts');
const ladder = await import('../shared/renditions.ts');

const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const sizes = quick ? [10_000] : [10_000, 100_000];
const password = 'bench-password-123';

// ---------- the app ----------
async function startWorker(persistDir, assetsDir) {
  const port = await freePort();
  const child = spawn(
    bin('wrangler'),
    ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistDir, '--assets', assetsDir,
      '--show-interactive-dev-session=false', '--log-level', 'error'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, 120_000);
  const stop = async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { baseUrl, port, stop };
}

async function call(baseUrl, pathname, { method = 'GET', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

async function signUp(baseUrl, email) {
  const result = await call(baseUrl, '/api/auth/signup', { method: 'POST', body: { email, password } });
  return { id: result.user.id, token: result.session.access_token };
}

function d1(persistDir, command) {
  const output = execFileSync(
    bin('wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--json', '--command', command],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return JSON.parse(output)[0].results;
}

// ---------- filling the table ----------
const WORDS = {
  style: ['minimalist', 'brutalist', 'Scandinavian', 'Mediterranean', 'Japanese-inspired', 'parametric', 'Victorian', 'modernist', 'vernacular', 'Art Deco'],
  kind: ['courtyard house', 'library', 'glass pavilion', 'timber cabin', 'museum', 'chapel', 'boathouse', 'school', 'office tower', 'loft', 'villa', 'market hall'],
  place: ['on a cliff by the sea', 'in a birch forest', 'beside a mountain lake', 'in a dense city block', 'in the desert', 'on a river bank', 'in a vineyard', 'at a busy crossroads'],
  light: ['at dawn', 'at golden hour', 'under soft overcast light', 'at night with warm windows', 'in the rain', 'in winter snow'],
};
const jsonList = (words) => `'${JSON.stringify(words).replace(/'/g, "''")}'`;
const pick = (list) => `json_extract(${jsonList(list)}, '$[' || (abs(random()) % ${list.length}) || ']')`;

/** Adds `count` public rows for `ownerId`, cloning the stored images of the template rows. */
function fillRows(persistDir, ownerId, count) {
  const chunk = 10_000;
  for (let done = 0; done < count; done += chunk) {
    const n = Math.min(chunk, count - done);
    // One row in 500 carries a rare word, for the rare-search scenario.
    d1(persistDir, `
      with recursive counter(x) as (select 1 union all select x + 1 from counter where x < ${n}),
      templates as (select images, image_count, row_number() over (order by id) - 1 as t from generations where user_id = '${ownerId}' and engine = 'preview'),
      template_count as (select count(*) as c from templates)
      insert into generations (id, user_id, prompt, model, visibility, engine, images, image_count, shuffle_key, like_count, created_at)
      select lower(hex(randomblob(16))), '${ownerId}',
        'A ' || ${pick(WORDS.style)} || ' ' || ${pick(WORDS.kind)} || ' ' || ${pick(WORDS.place)} || ' ' || ${pick(WORDS.light)}
          || case when abs(random()) % 500 = 0 then ' with a zigzag roof' else '' end,
        'Fast', 'public', 'preview', templates.images, templates.image_count, abs(random()) % 2147483647, abs(random()) % 40,
        cast(unixepoch('subsec') * 1000 as integer) - counter.x
      from counter, template_count join templates on templates.t = counter.x % template_count.c`);
  }
}

// ---------- the load generator ----------
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function get(port, pathname, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${pathname}: ${response.statusCode}`));
        else resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, bytes });
      });
    });
    request.on('error', reject);
  });
}

/** `connections` loops requesting `nextPath()` for `ms` milliseconds: raw latencies and time taken. */
async function loadSlice(port, scenario, ms) {
  const latencies = [];
  let bytes = 0;
  const end = Date.now() + ms;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const result = await get(port, scenario.next(), scenario.headers);
        latencies.push(result.ms);
        bytes = result.bytes;
      }
    }),
  );
  return { latencies, bytes, elapsed: (Date.now() - started) / 1000 };
}

/**
 * Runs every scenario in interleaved rounds (the machine is shared, so its load drifts: each
 * scenario gets slices of every period instead of one period of its own), then reports
 * requests per second and latency percentiles per scenario.
 */
async function loadAll(port, scenarios, rounds = 3) {
  for (const scenario of scenarios) for (let warm = 0; warm < 5; warm += 1) await get(port, scenario.next(), scenario.headers);
  const totals = scenarios.map(() => ({ latencies: [], bytes: 0, elapsed: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, scenario] of scenarios.entries()) {
      const slice = await loadSlice(port, scenario, (seconds * 1000) / rounds);
      totals[index].latencies.push(...slice.latencies);
      totals[index].bytes = slice.bytes;
      totals[index].elapsed += slice.elapsed;
    }
  }
  return totals.map(({ latencies, bytes, elapsed }) => {
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), bytes, count: latencies.length };
  });
}

/** Single requests one after another: the latency of one page with nothing else running. */
async function serial(port, nextPath, headers = {}, count = 30) {
  const latencies = [];
  for (let index = 0; index < count; index += 1) latencies.push((await get(port, nextPath(), headers)).ms);
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length / 2)];
}

async function cursorAt(baseUrl, query, pages, token) {
  let cursor = null;
  for (let page = 0; page < pages; page += 1) {
    const body = await call(baseUrl, `/api/gallery?${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor;
}

// ---------- bytes of the first screen ----------
async function firstScreenBytes(baseUrl) {
  const size = async (url) => (await (await fetch(`${baseUrl}${url}`)).arrayBuffer()).byteLength;
  const response = await fetch(`${baseUrl}/api/gallery?seed=1`);
  const json = await response.text();
  const cards = JSON.parse(json).items.slice(0, 15);
  const images = cards.flatMap((card) => card.images);
  let thumbnails = 0;
  let full = 0;
  let renditions = 0;
  // What a 1440 px screen at DPR 2 loads from each srcset, by the gallery's own column rules.
  const band = grid.bandAtViewport(grid.MASONRY_FRAME, grid.columnsFor(1440, layout.GALLERY_COLUMNS), 1440);
  for (const card of cards) {
    for (const [index, image] of card.images.entries()) {
      thumbnails += await size(image.thumbnailUrl);
      full += await size(image.url);
      const slot = ladder.tileWidth(band, 1440, layout.cardImageShare(card.images.length, index));
      const picked = ladder.pickRendition(image.renditions, slot, 2);
      if (picked) renditions += await size(picked.url);
    }
  }
  return { json: new TextEncoder().encode(json).length, images: images.length, thumbnails, full, renditions };
}

// ---------- the run ----------
const fmt = (n, digits = 1) => n.toFixed(digits).padStart(8);
const rows = [];
const singles = {};
let firstScreen = null;
function report(label, result) {
  rows.push({ label, ...result });
  console.log(`${label.padEnd(46)} ${fmt(result.rps, 0)} req/s   p50 ${fmt(result.p50)} ms   p99 ${fmt(result.p99)} ms   ${result.bytes} B`);
}

ensureDevVars();
const persistDir = mkdtempSync(path.join(tmpdir(), 'parti-bench-gallery-'));
const assetsDir = path.join(persistDir, 'assets');
mkdirSync(assetsDir);
writeFileSync(path.join(assetsDir, 'index.html'), '<!doctype html><title>bench</title>');
let worker = null;
try {
  console.log(`Gallery benchmark: ${connections} connections, ${seconds} s per scenario, state in ${persistDir}`);
  await applyLocalMigrations(persistDir);
  worker = await startWorker(persistDir, assetsDir);
  // Real images through the real pipeline: one owner makes a few generations of 1–4 views.
  const owner = await signUp(worker.baseUrl, 'bench-owner@parti.local');
  await signUp(worker.baseUrl, 'bench-viewer@parti.local');
  for (const [index, views] of [1, 2, 3, 4, 2, 1].entries()) {
    await call(worker.baseUrl, '/api/generate', {
      method: 'POST',
      token: owner.token,
      body: { prompt: `A quiet courtyard house with deep eaves, study ${index}`, model: 'fast', numberOfViews: views, aspectRatio: ['1:1', '4:3', '3:4'][index % 3], seed: 7 + index },
    });
  }
  await worker.stop();
  worker = null;

  let filled = d1(persistDir, "select count(*) as n from generations where visibility = 'public'")[0].n;
  for (const size of sizes) {
    console.log(`\nFilling to ${size.toLocaleString('en')} public generations…`);
    fillRows(persistDir, owner.id, size - filled);
    filled = size;
    worker = await startWorker(persistDir, assetsDir);
    const { port, baseUrl } = worker;
    const viewerToken = (await call(baseUrl, '/api/auth/login', { method: 'POST', body: { email: 'bench-viewer@parti.local', password } })).session.access_token;
    const auth = { Authorization: `Bearer ${viewerToken}` };

    // The ceiling: a static file of the same size as a 40-card page, served by the same runtime.
    const page = await fetch(`${baseUrl}/api/gallery?seed=1`).then((response) => response.text());
    writeFileSync(path.join(assetsDir, 'static-page.json'), page);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // assets are re-read on change
    let seed = 0;
    const nextSeed = () => (seed = (seed + 1) % 100_000);
    const deepQuery = 'seed=4242';
    const deep = await cursorAt(baseUrl, deepQuery, 50, viewerToken);
    const label = (text) => `${(size / 1000).toLocaleString('en')}k  ${text}`;
    const deepSearch = await cursorAt(baseUrl, 'q=courtyard&seed=99', 20, viewerToken);
    const scenarios = [
      { name: 'static file (ceiling)', next: () => '/static-page.json' },
      { name: 'gallery page 1, anonymous, new seed each', next: () => `/api/gallery?seed=${nextSeed()}` },
      { name: 'gallery page 1, signed in (like flags)', next: () => `/api/gallery?seed=${nextSeed()}`, headers: auth },
      { name: 'gallery page 51 (deep cursor), signed in', next: () => `/api/gallery?${deepQuery}&cursor=${deep}`, headers: auth },
      { name: 'search "courtyard" (common), page 1', next: () => `/api/gallery?q=courtyard&seed=${nextSeed()}` },
      { name: 'search "zigzag" (rare, ~0.2 %), page 1', next: () => `/api/gallery?q=zigzag&seed=${nextSeed()}` },
      { name: 'search "la" (2 chars, LIKE scan), page 1', next: () => `/api/gallery?q=la&seed=${nextSeed()}` },
      { name: 'search "courtyard", page 21', next: () => `/api/gallery?q=courtyard&seed=99&cursor=${deepSearch}`, headers: auth },
    ];
    const results = await loadAll(port, scenarios.map((scenario) => ({ headers: {}, ...scenario })));
    scenarios.forEach((scenario, index) => report(label(scenario.name), results[index]));
    const single = {
      first: await serial(port, () => `/api/gallery?seed=${nextSeed()}`),
      deep: await serial(port, () => `/api/gallery?${deepQuery}&cursor=${deep}`, auth),
      search: await serial(port, () => `/api/gallery?q=courtyard&seed=${nextSeed()}`),
      rare: await serial(port, () => `/api/gallery?q=zigzag&seed=${nextSeed()}`),
    };
    singles[size] = single;
    console.log(`  one request at a time (median): page 1 ${single.first.toFixed(1)} ms, page 51 ${single.deep.toFixed(1)} ms, search ${single.search.toFixed(1)} ms, rare search ${single.rare.toFixed(1)} ms`);
    if (size === sizes[0]) {
      const bytes = await firstScreenBytes(baseUrl);
      const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`\nFirst gallery screen: JSON ${kb(bytes.json)} + ${bytes.images} thumbnails of the first 15 cards ${kb(bytes.thumbnails)} = ${kb(bytes.json + bytes.thumbnails)}`);
      console.log(`The same ${bytes.images} images at full size: ${kb(bytes.full)} (${(bytes.full / (bytes.json + bytes.thumbnails)).toFixed(1)}× more)`);
      console.log(`The same ${bytes.images} images as the WebP renditions a 1440 px screen at DPR 2 picks (sharp, unlike the thumbnails): ${kb(bytes.renditions)}`);
      firstScreen = bytes;
    }
    await worker.stop();
    worker = null;
  }
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'gallery-latest.json'),
    JSON.stringify({ connections, seconds, scenarios: rows, singleRequestMedians: singles, firstScreen }, null, 2),
  );
} finally {
  agent.destroy();
  if (worker) await worker.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
