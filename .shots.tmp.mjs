import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:8802';
const email = `shots-${Date.now()}@example.com`;
const password = 'a good long password';
async function post(path, body, token, method = 'POST') {
  let r;
  for (let i = 0; ; i++) { try { r = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }); break; } catch (e) { if (i > 5) throw e; await new Promise((ok) => setTimeout(ok, 2000)); } }
  if (false) r = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path} ${r.status} ${await r.text()}`);
  return r.status === 204 ? null : r.json();
}
const signup = await post('/api/auth/signup', { email, password });
const token = signup.session.access_token;
const p = await post('/api/projects', { name: 'Riverside library' }, token);
await post(`/api/projects/${p.id}`, { brief: { summary: 'A two-storey public library on a river bank, stepping down to the water', materials: 'board-formed concrete, light oak, black steel details', timeOfDay: 'at golden hour, warm low sunlight, long shadows' } }, token, 'PATCH');
const parents = [];
const gen = async (prompt, parentId) => {
  const id = (await post('/api/generate', { prompt, model: 'fast', numberOfViews: 1, aspectRatio: '1:1', projectId: p.id, ...(parentId ? { parentId } : {}) }, token)).generationId;
  await post(`/api/generations/${id}`, { projectId: p.id }, token, 'PATCH');
  if (parentId) parents.push([id, parentId]);
  return id;
};
const a = await gen('A public library on a river bank, concrete and oak, stepping terraces down to the water');
const b = await gen('The same library with deeper eaves and a shaded reading terrace', a);
const c = await gen('The same library, the terrace opened to the river with wide stairs', b);
await gen('The same library seen from the far bank at dusk', a);
await gen('An interior of the reading room, timber ceiling, tall windows onto the river');
await post(`/api/generations/${c}`, { starred: true }, token, 'PATCH');
await post('/api/projects', { name: 'Courtyard school' }, token);
if (process.env.SET_PARENTS) {
  const { execFileSync } = await import('node:child_process');
  const sql = parents.map(([id, parent]) => `UPDATE generations SET parent_id='${parent}' WHERE id='${id}';`).join(' ');
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', '/tmp/pui/state', '--config', 'dist/parti/wrangler.json', '--command', sql], { cwd: '/work/wt-projects-ui', stdio: 'inherit' });
}
await post('/api/projects', { name: 'Hillside house — scheme C' }, token);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [375, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/startfree');
  await page.goto(base + '/projects');
  await page.waitForSelector('.project-card');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/pui/projects-${width}.png`, fullPage: true });
  await page.goto(base + `/projects/${p.id}`);
  await page.waitForSelector('.tree-node');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/pui/project-${width}.png`, fullPage: true });
  await page.goto(base + '/dashboard');
  await page.waitForSelector('.dashboard-card');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/pui/dashboard-${width}.png` });
  await page.close();
}
await browser.close();
console.log('ok', p.id);
