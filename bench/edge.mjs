#!/usr/bin/env node
// Edge benchmark (docs/decisions/0044-gallery-at-the-edge.md, 0078-react-on-the-server.md):
// against the app as `npm start` serves it (vite build, local D1 migrations, wrangler dev on a
// free port) with 10,700 public generations — a few real ones made by the preview engine, the
// rest cloned in SQL — it prints side by side:
//   - requests/s and p50/p99 of the anonymous gallery page answered from the edge cache, built
//     uncached (a new seed each request), and /api/health, at 20 keep-alive connections
//     (a small node:http loop, no load-testing package);
//   - the first screen's bytes at 1440×900 in headless Chromium (the page data the document
//     carries plus the images the page actually loaded) against the same cards' images at full size;
//   - LCP and CLS of /gallery under 4× CPU slowdown and 150 ms RTT / 1.6 Mbps (CDP), median of five;
//   - the JavaScript (gzip, React included) a new visitor loads for / and /gallery against their
//     budgets, as `npm test`'s build check counts it (scripts/build-output.mjs), and the CSS.
//   node bench/edge.mjs   (BENCH_SECONDS per scenario, default 5; BENCH_CONNECTIONS, default 20;
//   BENCH_ONLY=load,screen,vitals,js runs only the named parts, for iterating on one figure)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { RENDERED_STATE_ELEMENT_ID } from '../shared/app-document.ts';
import { overBudget, routeScripts } from '../scripts/build-output.mjs';
import { applyLocalMigrations, bin, ensureDevVars, freePort, root, run, waitForHealth } from '../scripts/lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PUBLIC_ROWS = 10_700;
const only = new Set((process.env.BENCH_ONLY ?? 'load,screen,vitals,js').split(','));
const password = 'bench-password-123';
const client = path.join(root, 'dist', 'client');

// ---------- the app, as npm start serves it ----------
async function startApp(persistDir) {
  const port = await freePort();
  const child = spawn(
    bin('wrangler'),
    ['dev', '--config', 'dist/parti/wrangler.json', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistDir,
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

function d1(persistDir, command) {
  execFileSync(bin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--command', command], {
    cwd: root, env: { ...process.env, CI: 'true' }, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Public rows cloning the owner's real generations (their stored images), in one SQL statement per 10,000. */
function fillRows(persistDir, ownerId, count) {
  for (let done = 0; done < count; done += 10_000) {
    const n = Math.min(10_000, count - done);
    d1(persistDir, `
      with recursive counter(x) as (select 1 union all select x + 1 from counter where x < ${n}),
      templates as (select images, image_count, row_number() over (order by id) - 1 as t from generations where user_id = '${ownerId}'),
      template_count as (select count(*) as c from templates)
      insert into generations (id, user_id, prompt, model, visibility, engine, images, image_count, shuffle_key, like_count, created_at)
      select lower(hex(randomblob(16))), '${ownerId}', 'A courtyard house study ' || counter.x, 'Fast', 'public', 'preview',
        templates.images, templates.image_count, abs(random()) % 2147483647, abs(random()) % 40,
        cast(unixepoch('subsec') * 1000 as integer) - counter.x
      from counter, template_count join templates on templates.t = counter.x % template_count.c`);
  }
}

// ---------- the load loop ----------
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function get(port, pathname) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http.get({ host: '127.0.0.1', port, path: pathname, agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${pathname}: ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    }).on('error', reject);
  });
}

/** Scenarios in interleaved rounds (the machine is shared and its load drifts). */
async function loadAll(port, scenarios, rounds = 3) {
  for (const scenario of scenarios) for (let warm = 0; warm < 5; warm += 1) await get(port, scenario.next());
  const totals = scenarios.map(() => ({ latencies: [], elapsed: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, scenario] of scenarios.entries()) {
      const end = Date.now() + (seconds * 1000) / rounds;
      const started = Date.now();
      await Promise.all(Array.from({ length: connections }, async () => {
        while (Date.now() < end) totals[index].latencies.push(await get(port, scenario.next()));
      }));
      totals[index].elapsed += (Date.now() - started) / 1000;
    }
  }
  return totals.map(({ latencies, elapsed }) => {
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
  });
}

// ---------- the browser ----------
async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** Bytes of the first screen of /gallery at 1440×900: the page data the document carries + images loaded, vs full size. */
async function firstScreen(browser, baseUrl) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const images = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'image') return;
    const body = await response.body().catch(() => null);
    if (body) images.set(new URL(response.url()).pathname, body.length);
  });
  const documentResponse = await page.goto(`${baseUrl}/gallery`, { waitUntil: 'networkidle' });
  const html = (await documentResponse?.text()) ?? '';
  const state = new RegExp(`<script type="application/json" id="${RENDERED_STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1] ?? '{}';
  const galleryPage = JSON.parse(state).gallery?.page ?? { items: [] };
  const json = JSON.stringify(galleryPage);
  const cards = galleryPage.items;
  // An image counts when the page loaded it at any size: its thumbnail or a srcset rendition.
  const loadedOf = (image) => [image.thumbnailUrl, ...(image.renditions ?? []).map((rendition) => rendition.url)].some((url) => images.has(new URL(url, baseUrl).pathname));
  const shown = cards.flatMap((card) => card.images).filter(loadedOf);
  let full = 0;
  for (const image of shown) full += (await (await fetch(`${baseUrl}${image.url}`)).arrayBuffer()).byteLength;
  await page.close();
  const loaded = [...images.values()].reduce((sum, size) => sum + size, 0);
  const jsonBytes = Buffer.byteLength(json);
  return { json: jsonBytes, imageCount: images.size, images: loaded, full, ratio: (jsonBytes + loaded) / (jsonBytes + full) };
}

const VITALS_VISITS = 5;

/** LCP and CLS of a new visit to /gallery under 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down. */
async function vitals(browser, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(() => {
    globalThis.__vitals = { lcp: 0, cls: 0, element: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        globalThis.__vitals.lcp = entry.startTime;
        // Which element: a card's image (.card-image) is the server-rendered first page's.
        globalThis.__vitals.element = entry.element?.parentElement?.className ?? entry.element?.tagName ?? '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) globalThis.__vitals.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl}/gallery`, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(1000); // let the last LCP candidate and shifts be reported
  const result = await page.evaluate(() => globalThis.__vitals);
  await context.close();
  return result;
}

// ---------- the JavaScript a new visitor loads ----------
/** The budgeted routes' scripts as `npm test`'s build check counts them, and the CSS each screen loads. */
function routeBytes() {
  const { routes } = routeScripts();
  const record = JSON.parse(readFileSync(path.join(root, 'dist', 'screen-scripts.json'), 'utf8'));
  const html = readFileSync(path.join(client, 'index.html'), 'utf8');
  const shellCss = [...html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  const gz = (files) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(client, file))).length, 0);
  const css = (screen) => gz([...shellCss, ...record.screens[screen].styles]);
  const [landing, gallery] = routes;
  return { routes, landingJs: landing.gzip, galleryJs: gallery.gzip, landingCss: css('landing'), galleryCss: css('gallery') };
}

// ---------- the run ----------
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
ensureDevVars();
const persistDir = mkdtempSync(path.join(tmpdir(), 'parti-bench-edge-'));
let app = null;
let browser = null;
try {
  console.log(`\nEdge benchmark: ${PUBLIC_ROWS.toLocaleString('en')} public generations, ${connections} connections, ${seconds} s per scenario`);
  await run(bin('vite'), ['build', '--logLevel', 'warn']);
  await applyLocalMigrations(persistDir);
  app = await startApp(persistDir);
  const owner = await call(app.baseUrl, '/api/auth/signup', { method: 'POST', body: { email: 'bench-edge@parti.local', password } });
  for (const [index, views] of [1, 2, 1, 3].entries()) {
    await call(app.baseUrl, '/api/generate', {
      method: 'POST', token: owner.session.access_token,
      body: { prompt: `A quiet courtyard house, study ${index}`, model: 'fast', numberOfViews: views, aspectRatio: ['1:1', '4:3', '3:4'][index % 3] },
    });
  }
  await app.stop();
  fillRows(persistDir, owner.user.id, PUBLIC_ROWS - 4);
  app = await startApp(persistDir);

  let seed = 0;
  let health = null;
  let cached = null;
  let uncached = null;
  if (only.has('load')) {
    const scenarios = [
      { name: 'GET /api/health', next: () => '/api/health' },
      { name: 'gallery page 1, anonymous, edge-cached', next: () => '/api/gallery' },
      { name: 'gallery page 1, anonymous, uncached (new seed)', next: () => `/api/gallery?seed=${(seed += 1)}` },
    ];
    [health, cached, uncached] = await loadAll(app.port, scenarios);
    for (const [index, result] of [health, cached, uncached].entries()) {
      console.log(`${scenarios[index].name.padEnd(48)} ${result.rps.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(7)} ms   p99 ${result.p99.toFixed(1).padStart(7)} ms`);
    }
    console.log(`gallery ÷ health: cached ${(cached.rps / health.rps).toFixed(2)}, uncached ${(uncached.rps / health.rps).toFixed(2)} (target ≥ 0.8)`);
  }

  browser = await launch();
  const screen = only.has('screen') ? await firstScreen(browser, app.baseUrl) : null;
  if (screen) console.log(`\nFirst screen of /gallery at 1440×900: page data ${kb(screen.json)} + ${screen.imageCount} images loaded ${kb(screen.images)}`);
  if (screen) console.log(`The same cards' images at full size: ${kb(screen.full)}; ratio ${screen.ratio.toFixed(3)} (target ≤ 0.1)`);
  let vital = null;
  if (only.has('vitals')) {
    // One throttled load swings by ±0.3 s on this machine, so the figure is the median of several
    // new visits (each a fresh browser context: nothing cached), with the range beside it.
    const visits = [];
    for (let run = 0; run < VITALS_VISITS; run += 1) visits.push(await vitals(browser, app.baseUrl));
    visits.sort((a, b) => a.lcp - b.lcp);
    const median = visits[Math.floor(visits.length / 2)];
    const seconds = (ms) => (ms / 1000).toFixed(2);
    const worstCls = Math.max(...visits.map((visit) => visit.cls));
    vital = { lcp: median.lcp, lcpRange: [visits[0].lcp, visits.at(-1).lcp], cls: worstCls, element: median.element };
    console.log(
      `/gallery, 4× CPU slowdown, 150 ms RTT, 1.6 Mbps: LCP median of ${visits.length} visits ${seconds(median.lcp)} s ` +
        `(range ${seconds(visits[0].lcp)}–${seconds(visits.at(-1).lcp)} s; target ≤ 1.2 s; element in .${median.element.split(' ')[0]}), CLS at most ${worstCls.toFixed(3)}`,
    );
  }

  const bytes = routeBytes();
  const budgets = bytes.routes.map((route) => `${route.path} ${kb(route.gzip)} (budget ${kb(route.maxGzip)})`).join(', ');
  console.log(`\nJavaScript a new visitor loads (gzip, React included): ${budgets}; CSS / ${kb(bytes.landingCss)}, /gallery ${kb(bytes.galleryCss)}`);
  for (const failure of overBudget(bytes.routes)) console.log(`✗ ${failure}`);

  // A partial run (BENCH_ONLY) leaves the last full run's figures in place.
  if (only.size === 4) mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  if (only.size === 4) writeFileSync(
    path.join(root, 'bench', 'results', 'edge-latest.json'),
    JSON.stringify({ rows: PUBLIC_ROWS, connections, seconds, health, cached, uncached, firstScreen: screen, vitals: vital, routeBytes: { ...bytes, routes: bytes.routes.map(({ path: route, gzip, maxGzip }) => ({ path: route, gzip, maxGzip })) } }, null, 2),
  );
} finally {
  agent.destroy();
  if (browser) await browser.close();
  if (app) await app.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
