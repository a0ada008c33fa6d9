#!/usr/bin/env node
// `npm run seed:demo`: fills the local database with demo users and public generations, so a
// fresh `npm start` shows a living gallery. Honest data: it starts the app exactly as
// `npm start` does (same local state; PERSIST_DIR honoured) and goes through the real API —
// sign-up, POST /api/generate (the offline preview engine renders, watermarks and thumbnails the
// images into local R2), likes. To seed an app that is already running, pass --url=http://….
//   SEED_USERS (default 4), SEED_GENERATIONS per user (default 6, at most 12: free credits).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, root, waitForHealth } from './lib.mjs';

const urlArgument = process.argv.find((arg) => arg.startsWith('--url='))?.slice('--url='.length);
const userCount = Number(process.env.SEED_USERS ?? 4);
const perUser = Math.min(12, Number(process.env.SEED_GENERATIONS ?? 6));
const password = 'parti-demo-password';

const prompts = [
  'A minimalist concrete house on a cliff overlooking the sea at golden hour',
  'A timber cabin with a steep roof beside a quiet mountain lake',
  'A brutalist library with a sunken courtyard and reading terraces',
  'A glass pavilion in a birch forest clearing at dawn',
  'A Scandinavian living room with oak floors and tall windows',
  'A terracotta courtyard house in the Mediterranean with a fig tree',
  'A museum with a dramatic cantilevered entrance over a plaza',
  'A rooftop garden on a city apartment block with timber pergolas',
  'A Japanese-inspired interior with paper screens and soft morning light',
  'A community centre of rammed earth walls and a sawtooth roof',
  'A high-rise residential tower with stepped green terraces',
  'A small chapel of white brick and a single skylight',
  'A waterfront boathouse with a copper roof and a long jetty',
  'A desert retreat with thick adobe walls and shaded patios',
  'A loft workspace with exposed brick, steel windows and plants',
  'A bridge-like villa spanning a stream in a wooded valley',
];
const models = ['fast', 'fast', 'standard', 'fast'];
const ratios = ['1:1', '4:3', '3:4', '16:9', '9:16'];

async function startApp() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://localhost:${port}`;
  await waitForHealth(baseUrl, child);
  return { baseUrl, stop: () => child.exitCode === null && process.kill(-child.pid, 'SIGTERM') };
}

async function api(baseUrl, pathname, { method = 'GET', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Signs the demo user up, or in when an earlier run already made it. */
async function demoUser(baseUrl, index) {
  const email = `demo${index + 1}@parti.local`;
  let result = await api(baseUrl, '/api/auth/signup', { method: 'POST', body: { email, password } });
  if (result.status === 409) result = await api(baseUrl, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (result.status >= 300) throw new Error(`${email}: ${JSON.stringify(result.body)}`);
  return { email, id: result.body.user.id, token: result.body.session.access_token };
}

async function seed(baseUrl) {
  const users = [];
  for (let index = 0; index < userCount; index += 1) users.push(await demoUser(baseUrl, index));
  const made = [];
  for (const [userIndex, user] of users.entries()) {
    for (let n = 0; n < perUser; n += 1) {
      const pick = userIndex * perUser + n;
      const body = {
        prompt: prompts[pick % prompts.length],
        model: models[pick % models.length],
        aspectRatio: ratios[pick % ratios.length],
        numberOfViews: 1 + (pick % 4),
        seed: 1000 + pick,
      };
      const result = await api(baseUrl, '/api/generate', { method: 'POST', body, token: user.token });
      if (result.status === 402) break; // out of free credits: this user is done
      if (result.status !== 200 || !result.body.success) {
        console.warn(`  skipped "${body.prompt}": ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
        continue;
      }
      made.push(result.body.generationId);
      process.stdout.write(`  ${user.email}: ${body.prompt} (${result.body.images.length} images)\n`);
    }
  }
  // Some likes between users, so badges and the Likes tab have something to show.
  for (const [index, generationId] of made.entries()) {
    for (const [userIndex, user] of users.entries()) {
      if ((index + userIndex) % 3 === 0) await api(baseUrl, `/api/generations/${generationId}/like`, { method: 'PUT', token: user.token });
    }
  }
  return { users, made };
}

const app = urlArgument ? { baseUrl: urlArgument.replace(/\/$/, ''), stop: () => {} } : await startApp();
try {
  if (urlArgument) await waitForHealth(app.baseUrl, null);
  console.log(`Seeding ${app.baseUrl} …`);
  const { users, made } = await seed(app.baseUrl);
  console.log(`\nMade ${made.length} public generations for ${users.length} demo users (password "${password}"):`);
  for (const user of users) console.log(`  ${user.email}`);
} finally {
  app.stop();
}
