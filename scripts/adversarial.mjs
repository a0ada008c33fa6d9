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
import { applyLocalMigrations, bin, ensureDevVars, freePort, root, rssBytesOf, run, workerdPidsUnder } from './lib.mjs';

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
  console.log(`Comments accepted per link: ${total} of 700 sent through one leaked link from 70 names and 70 addresses, each within its per-minute limits (${tally(flood)}; the refusal: "${refusal}")`);
}

try {
  ensureDevVars();
  console.log('Building and serving the app on', base, '…');
  await run(bin('vite'), ['build', '--logLevel', 'warn']);
  await applyLocalMigrations(state);
  server = spawn(bin('wrangler'), ['dev', '--config', 'dist/parti/wrangler.json', '--port', String(port), '--persist-to', state, '--show-interactive-dev-session=false'], {
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
  await signUps();
} finally {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(state, { recursive: true, force: true });
}
