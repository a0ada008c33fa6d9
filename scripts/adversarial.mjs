#!/usr/bin/env node
// `npm run adversarial`: tries the abuse paths against a locally served build (offline: preview
// engine, test payments, a fresh local state folder on a free port) and PRINTS what got through.
// Figures are printed, not asserted; the tests assert the limits. Each attack sends its own
// CF-Connecting-IP so one phase's address limits do not spill into the next (wrangler dev passes
// the header through; on Cloudflare it is the real client address).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';
import { applyLocalMigrations, bin, ensureDevVars, freePort, root, rssBytesOf, run, workerdPidsUnder } from './lib.mjs';

const { module: limits } = await runnerImport(path.join(root, 'worker/platform/limits.ts'));
const { module: sharedLimits } = await runnerImport(path.join(root, 'shared/limits.ts'));
/**
 * A view of a prompt carrying SLOW_PREVIEW_MARKER is held (wrangler dev --var PREVIEW_HOLDS:on)
 * until released; the script releases one every SLOW_VIEW_MS, so a job lasts while it is attacked.
 */
const SLOW_VIEW_MS = 4000;

const PASSWORD = 'a long and honest passphrase 42';
const state = mkdtempSync(path.join(tmpdir(), 'parti-adversarial-'));
const port = await freePort();
const base = `http://localhost:${port}`;
let server;

/** A request with JSON from one address; resolves to the status and the parsed body. */
async function send(method, route, body, { ip, token } = {}) {
  const headers = { 'Content-Type': 'application/json', Origin: base, 'CF-Connecting-IP': ip ?? '198.51.100.1' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(base + route, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function post(route, body, options) {
  return send('POST', route, body, options);
}

/** Runs `tasks` (functions returning promises) `width` at a time; resolves to their results in order. */
async function inParallel(tasks, width = 20) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

function tally(results) {
  const counts = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return Object.entries(counts).map(([status, count]) => `${count}× ${status}`).join(', ');
}

async function signUp(email, ip) {
  const result = await post('/api/auth/signup', { email, password: PASSWORD }, { ip });
  if (result.status !== 201) throw new Error(`sign-up of ${email} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body.session.access_token;
}

function workerdPids() {
  return workerdPidsUnder(server.pid);
}

/** Resident memory of the given processes together, MB. */
function rssMb(pids) {
  return rssBytesOf(pids) / 1024 / 1024;
}

/** A valid PNG of random pixels, stored uncompressed, just under `bytes` long. */
function noisePng(bytes) {
  const side = Math.floor(Math.sqrt(bytes / 3.01));
  const raw = Buffer.alloc((side * 3 + 1) * side);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  for (let row = 0; row < side; row += 1) raw[row * (side * 3 + 1)] = 0;
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(data) {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

async function passwordGuesses() {
  const email = `victim-${Date.now()}@example.com`;
  await signUp(email, '198.51.100.10');
  const guesses = Array.from({ length: 60 }, (_, i) => post('/api/auth/login', { email, password: `wrong guess ${i}` }, { ip: '203.0.113.66' }));
  const results = await Promise.all(guesses);
  const evaluated = results.filter((r) => r.status === 401).length;
  const refused = results.filter((r) => r.status === 429).length;
  const owner = await post('/api/auth/login', { email, password: PASSWORD }, { ip: '198.51.100.10' });
  console.log(`Password guesses, 60 in parallel at one account from one address: ${evaluated} evaluated, ${refused} refused (${tally(results)}); the owner from their own address then: ${owner.status}`);
}

async function signUps() {
  const stamp = Date.now();
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) => post('/api/auth/signup', { email: `farm-${stamp}-${i}@example.com`, password: PASSWORD }, { ip: '203.0.113.77' })),
  );
  console.log(`Sign-ups, 40 from one address within a second: ${results.filter((r) => r.status === 201).length} allowed (${tally(results)})`);
}

async function helperCalls(token) {
  for (const route of ['/api/prompt/validate', '/api/prompt/enhance']) {
    const results = await Promise.all(Array.from({ length: 300 }, () => post(route, { prompt: 'a timber library by a lake' }, { token, ip: '203.0.113.88' })));
    console.log(`${route}, 300 from one user within seconds: ${results.filter((r) => r.status === 200).length} allowed (${tally(results)})`);
  }
}

async function sockets(token) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/api/health`);
    const attempts = 40;
    const open = await page.evaluate(async ({ token, attempts }) => {
      const list = [];
      for (let i = 0; i < attempts; i += 1) {
        const ticket = await fetch('/api/realtime/ticket', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
        const socket = new WebSocket(`${globalThis.location.origin.replace('http', 'ws')}/api/realtime?ticket=${encodeURIComponent(ticket.ticket)}`);
        await new Promise((resolve) => {
          socket.onopen = resolve;
          socket.onerror = resolve;
        });
        list.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return list.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    }, { token, attempts });
    console.log(`Live sockets, ${attempts} opened one after another by one user: ${open} still open (the oldest are closed past the cap)`);
  } finally {
    await browser.close();
  }
}

async function conceptMemory(token) {
  const png = noisePng(10 * 1024 * 1024 - 64 * 1024);
  const pid = workerdPids();
  const before = rssMb(pid);
  const paths = [];
  let uploadPeak = before;
  for (let i = 0; i < 3; i += 1) {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), `reference-${i}.png`);
    const sampler = setInterval(() => (uploadPeak = Math.max(uploadPeak, rssMb(pid))), 20);
    const response = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Origin: base }, body: form });
    clearInterval(sampler);
    const body = await response.json();
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
    paths.push(body.path);
  }
  const start = rssMb(pid);
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const result = await post('/api/generate', { prompt: 'a pavilion blending these references', model: 'concept', numberOfViews: 4, referenceImages: paths }, { token });
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const mb = (n) => `${n.toFixed(0)} MB`;
  console.log(
    `Concept generation, 4 views, three ${(png.length / 1048576).toFixed(1)} MB PNG references (answer ${result.status}): workerd RSS (${pid.length} process${pid.length === 1 ? '' : 'es'}) ${mb(start)} before, ${mb(peak)} at peak (+${mb(peak - start)}); ` +
      `the three uploads peaked at ${mb(uploadPeak)} from ${mb(before)}`,
  );
  console.log('  (RSS of the local workerd processes that run the Worker, summed and sampled every 20 ms: it includes the runtime, D1/R2 simulators\' buffers and garbage not yet collected, so it is an upper bound on what the request itself needs.)');
}

/**
 * Issue 22, item 6: what one leaked review link lets its holder pile up. A flood under one name
 * from many addresses, then the client under their own name; then a flood from many names and
 * addresses, each within its per-minute limits, against the link's comment cap.
 */
async function reviewFlood() {
  const ip = '198.51.100.40';
  const token = await signUp(`architect-${Date.now()}@example.com`, ip);
  const project = await post('/api/projects', { name: 'Leaked Link House' }, { token, ip });
  const generation = await post(
    '/api/generate',
    { prompt: 'A brick courtyard house with a timber veranda', model: 'fast', numberOfViews: 1, aspectRatio: '4:3', isRefinement: false, referenceImages: [] },
    { token, ip },
  );
  const generationId = generation.body.generationId;
  await send('PATCH', `/api/generations/${generationId}`, { projectId: project.body.id }, { token, ip });
  const linkToken = async () => (await post(`/api/projects/${project.body.id}/review-links`, {}, { token, ip })).body.token;
  const comment = (reviewToken, name, n, address) => () =>
    post(`/api/review/${reviewToken}/comments`, { generationId, body: `Comment ${n}`, name }, { ip: address });

  const first = await linkToken();
  const oneName = await inParallel(Array.from({ length: 100 }, (_, n) => comment(first, 'Client Jane', n, `203.0.113.${n + 1}`)));
  const client = await post(`/api/review/${first}/comments`, { generationId, body: 'The real client', name: 'Jane Client' }, { ip: '198.51.100.41' });
  console.log(`Review comments, 100 under one name from 100 addresses within a minute: ${oneName.filter((r) => r.status === 201).length} accepted (${tally(oneName)}); the client under their own name then: ${client.status}`);

  const second = await linkToken();
  const flood = await inParallel(
    Array.from({ length: 700 }, (_, n) => comment(second, `Reviewer ${Math.floor(n / 10)}`, n, `192.0.2.${Math.floor(n / 10) + 1}`)),
  );
  const total = (await send('GET', `/api/review/${second}`, undefined, { ip })).body.generations[0].commentCount;
  const refusal = flood.find((r) => r.status === 409)?.body?.error?.message ?? 'none refused';
  console.log(`Comments accepted per link: ${total} of 700 sent through one leaked link from 70 names and 70 addresses, each within its per-minute limits (${tally(flood)}; the refusal: "${refusal}")`);}

/** A POST /api/generate under one Idempotency-Key; resolves to the status, the body and how long it took (status 0: hung up). */
async function generateWith(token, key, body, { prefer, signal, ip = '198.51.100.30' } = {}) {
  const headers = { 'Content-Type': 'application/json', Origin: base, 'CF-Connecting-IP': ip, Authorization: `Bearer ${token}`, 'Idempotency-Key': key };
  if (prefer) headers.Prefer = prefer;
  const started = Date.now();
  try {
    const response = await fetch(`${base}/api/generate`, { method: 'POST', headers, body: JSON.stringify(body), signal });
    return { status: response.status, body: await response.json().catch(() => null), ms: Date.now() - started };
  } catch {
    return { status: 0, body: null, ms: Date.now() - started };
  }
}

async function getJson(route, token) {
  return (await fetch(base + route, { headers: { Authorization: `Bearer ${token}` } })).json();
}

/** Waits until the user's job ended; returns its snapshot. */
async function jobEnd(token, id) {
  for (;;) {
    const job = await getJson(`/api/jobs/${id}`, token);
    if (['done', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** /api/health probed every 200 ms until `until` settles; resolves to the slowest answer, ms. */
async function slowestHealth(until) {
  let done = false;
  until.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const started = Date.now();
    await fetch(`${base}/api/health`);
    slowest = Math.max(slowest, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return slowest;
}

/** A request whose views are held until released; each gets a prompt of its own, so releases never carry over. */
let slowJobs = 0;
function slowBody(numberOfViews) {
  slowJobs += 1;
  return { prompt: `A timber library by a canal, study ${slowJobs} ${sharedLimits.SLOW_PREVIEW_MARKER}`, model: 'fast', numberOfViews };
}

/** Releases one held view of `body` every SLOW_VIEW_MS until its job ends; returns the stop. */
function releaseSlowly(body) {
  const timer = setInterval(() => {
    void fetch(`${base}/api/test/preview-holds/release`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ prompt: body.prompt, views: 1 }),
    }).catch(() => {});
  }, SLOW_VIEW_MS);
  return () => clearInterval(timer);
}

/** Issue 22 item 1: two hundred requests with one Idempotency-Key, half of them asking to wait. */
async function waitersOnOneJob(token) {
  // The same job alone first: the preview engine renders on the Worker's own thread, so /api/health
  // waits for a render whether or not anyone floods it.
  const aloneBody = slowBody(2);
  const stopAlone = releaseSlowly(aloneBody);
  const aloneRequest = generateWith(token, `alone-${Date.now()}`, aloneBody);
  const [alone, aloneHealthMs] = await Promise.all([aloneRequest, slowestHealth(aloneRequest)]);
  stopAlone();
  const key = `flood-${Date.now()}`;
  const floodBody = slowBody(2);
  const stopFlood = releaseSlowly(floodBody);
  const opener = generateWith(token, key, floodBody);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const repeats = Array.from({ length: 199 }, (_, i) => generateWith(token, key, floodBody, i % 2 === 0 ? { prefer: 'wait=60' } : {}));
  const all = Promise.all([opener, ...repeats]);
  const [results, healthMs] = await Promise.all([all, slowestHealth(all)]);
  const ids = new Set(results.map((result) => result.body?.generationId));
  const job = await jobEnd(token, [...ids][0]);
  stopFlood();
  const took = Date.parse(job.result?.metadata?.timestamp ?? job.createdAt) - Date.parse(job.createdAt);
  const waited = results.filter((result) => result.status === 200 || result.status === 502).length;
  const atOnce = results.filter((result) => result.status === 202).map((result) => result.ms).sort((a, b) => a - b);
  console.log(
    `Waiters on one job, 200 POST /api/generate with one Idempotency-Key (100 plain, 99 with Prefer: wait=60, after the first): ` +
      `${ids.size} job(s), ${job.creditsCharged} credit(s) charged once; waiters served ${waited} (cap ${limits.MAX_WAITERS_PER_JOB} per job), ` +
      `${atOnce.length} answered 202 at once (median ${atOnce[Math.floor(atOnce.length / 2)] ?? '-'} ms) (${tally(results)}); ` +
      `the job took ${seconds(took)} (alone: ${seconds(alone.ms)}); slowest /api/health meanwhile: ${healthMs} ms (during the job alone: ${aloneHealthMs} ms)`,
  );
}

/**
 * Issue 22 item 1: clients waiting on a job hang up after a second; do their requests stop? A
 * request that still waits holds one of the job's MAX_WAITERS_PER_JOB places, so new requests
 * asking to wait show how many are held: right after the hang-up, and once the hung-up requests'
 * own wait (HANG_UP_WAIT_S) has run out.
 */
const HANG_UP_WAIT_S = 8;

async function placesHeld(token, key, body) {
  const probes = await Promise.all(Array.from({ length: limits.MAX_WAITERS_PER_JOB }, () => generateWith(token, key, body, { prefer: 'wait=4' })));
  // An admitted probe waits its 4 s; a refused one answers at once.
  return limits.MAX_WAITERS_PER_JOB - probes.filter((probe) => probe.ms >= 3500).length;
}

async function hangUps(token) {
  const key = `hang-up-${Date.now()}`;
  // One body for every request under the key (another would be a 422); four slow views outlast both probes.
  const body = slowBody(4);
  const stop = releaseSlowly(body);
  const opened = await generateWith(token, key, body, { prefer: 'respond-async' });
  const clients = Array.from({ length: limits.MAX_WAITERS_PER_JOB }, () => new AbortController());
  const answered = clients.map(() => false);
  const waiting = clients.map((client, i) =>
    generateWith(token, key, body, { prefer: `wait=${HANG_UP_WAIT_S}`, signal: client.signal }).then((result) => ((answered[i] = true), result)),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Still unanswered after a second: each holds a waiting place (a refused one answers at once).
  const admitted = answered.filter((done) => !done).length;
  const hungUpAt = Date.now();
  for (const client of clients) client.abort();
  await Promise.all(waiting);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const heldAfterHangUp = await placesHeld(token, key, body);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, hungUpAt + HANG_UP_WAIT_S * 1000 - Date.now())));
  const heldAfterWait = await placesHeld(token, key, body);
  await jobEnd(token, opened.body.jobId);
  stop();
  console.log(
    `Hang-ups: ${admitted} requests waiting on one job (Prefer: wait=${HANG_UP_WAIT_S}), their clients gone after 1 s: requests still working after a hang-up: ` +
      `${heldAfterHangUp} right after it, ${heldAfterWait} once their own wait ran out`,
  );
  if (heldAfterHangUp > 0) {
    console.log(
      '  (Under wrangler dev a hang-up never reaches the Worker: every request passes through miniflare\'s entry worker, which runs without enable_request_signal ' +
        'or request_signal_passthrough, so the Worker\'s request.signal does not abort. tests/worker/generation/waiters.test.ts shows the place freed when it does.)',
    );
  }
}

/** Issue 22 item 2: a job aged past the sweeper's threshold while its views render, then the cron. */
async function sweeperAgainstLiveJob(token) {
  const body = slowBody(3);
  const stop = releaseSlowly(body);
  const opened = await generateWith(token, `sweep-${Date.now()}`, body, { prefer: 'respond-async' });
  const id = opened.body.jobId;
  const aged = Date.now() - limits.ORPHAN_CHARGE_AGE_MS - 60 * 60 * 1000;
  await run(bin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--config', 'dist/parti/wrangler.json', '--command', `update generation_jobs set created_at = ${aged} where id = '${id}'`], {
    stdio: 'ignore',
    env: { ...process.env, CI: 'true' },
  });
  const cron = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}`);
  const job = await jobEnd(token, id);
  stop();
  const images = job.views.flatMap((view) => (view.image ? [view.image.url] : []));
  const served = (await Promise.all(images.map((url) => fetch(base + url, { headers: { Authorization: `Bearer ${token}` } })))).filter((r) => r.ok).length;
  console.log(
    `Sweeper against a live job (aged past ${seconds(limits.ORPHAN_CHARGE_AGE_MS)} while its 3 views rendered, cron run: ${cron.status}): ` +
      `refunds of live jobs: ${job.creditsRefunded > 0 ? 1 : 0} (${job.creditsRefunded} credit(s)); the job ended ${job.status} with ${served} of ${images.length} image(s) served`,
  );
}

try {
  ensureDevVars();
  console.log('Building and serving the app on', base, '…');
  await run(bin('vite'), ['build', '--logLevel', 'warn']);
  await applyLocalMigrations(state);
  const devArgs = ['--test-scheduled', '--var', 'PREVIEW_HOLDS:on'];
  server = spawn(bin('wrangler'), ['dev', '--config', 'dist/parti/wrangler.json', '--port', String(port), '--persist-to', state, '--show-interactive-dev-session=false', ...devArgs], {
    cwd: root,
    stdio: 'ignore',
  });
  for (let i = 0; ; i += 1) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 240) throw new Error('the app did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const token = await signUp(`attacker-${Date.now()}@example.com`, '198.51.100.20');
  await passwordGuesses();
  await helperCalls(token);
  await sockets(token);
  await conceptMemory(token);
  await reviewFlood();
  await waitersOnOneJob(await signUp(`flood-${Date.now()}@example.com`, '198.51.100.21'));
  await hangUps(await signUp(`hang-up-${Date.now()}@example.com`, '198.51.100.22'));
  await sweeperAgainstLiveJob(await signUp(`sweep-${Date.now()}@example.com`, '198.51.100.23'));
  await signUps();
} finally {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(state, { recursive: true, force: true });
}
