import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { applyLocalMigrations, freePort } from '../../scripts/lib.mjs';
import { expect, test } from './fixtures';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/admin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, PORT: process.env.PARTI_TEST_PORT },
  });
  return stdout;
}

function card(page: Page, name: string) {
  return page.locator('article.plan-card', { has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

async function openPricingAsFreeMember(page: Page): Promise<void> {
  await page.goto('/pricing');
  await expect(page.getByText('Free Member — 12 Credits Left')).toBeVisible();
}

/** Where a link points, as a path and its query, once the link has one. */
async function target(page: Page, link: Locator): Promise<{ path: string; query: Record<string, string> }> {
  const url = new URL((await link.getAttribute('href')) ?? '', page.url());
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

test.describe('the pricing page', () => {
  test('shows the three plans with their labels, ribbon, prices and the slider at the recommended 12', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Free Trail', 'Pro', 'Enterprise']);

    const free = card(page, 'Free Trail');
    await expect(free.getByText('Opening Week Offer')).toBeVisible();
    await expect(free.locator('.plan-price-figure')).toHaveText('₹0');

    const pro = card(page, 'Pro');
    await expect(pro.getByText('₹699/Credit')).toBeVisible();
    const slider = pro.getByRole('slider', { name: 'Credits' });
    await expect(slider).toHaveValue('12');
    await expect(slider).toHaveAttribute('min', '1');
    await expect(slider).toHaveAttribute('max', '100');
    await expect(pro.getByText('Recommended', { exact: true })).toBeVisible();
    await expect(pro.locator('output')).toContainText('₹8,388');
    await slider.fill('100');
    await expect(pro.locator('output')).toContainText('₹69,900');
    // Buy Credits waits for the session check to finish, then is enabled for visitors too.
    await expect(pro.getByRole('button', { name: 'Buy Credits' })).toBeEnabled();

    const enterprise = card(page, 'Enterprise');
    await expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:hello@parti\.studio/);
    // The checkout script is never loaded in test mode.
    await expect(page.locator('script[src*="checkout.razorpay.com"]')).toHaveCount(0);
  });

  test('sends a signed-out visitor\'s Free button to the Sign Up tab of the login page with redirect and plan', async ({ page }) => {
    await page.goto('/pricing?plan=free');
    const start = card(page, 'Free Trail').getByRole('link', { name: 'Start Free' });
    await expect.poll(() => target(page, start)).toEqual({ path: '/login', query: { redirect: 'startfree', plan: 'free', mode: 'signup' } });

    await page.goto('/pricing');
    await expect.poll(() => target(page, start)).toEqual({ path: '/login', query: { redirect: 'generate', plan: 'pro', mode: 'signup' } });
    await start.click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/pricing');

    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByRole('alert').getByText('Please log in to make a payment.')).toBeVisible();
  });

  test('buys 5 credits end to end in test mode on a phone: dialog, success, 17 credits and the Pro ribbon', { tag: '@phone' }, async ({ page, member }) => {
    await page.clock.install();
    await openPricingAsFreeMember(page);
    const pro = card(page, 'Pro');
    await pro.getByRole('slider', { name: 'Credits' }).fill('5');
    await pro.getByRole('button', { name: 'Buy Credits' }).click();

    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(dialog.getByText('5 Credits Purchase')).toBeVisible();
    await expect(page.getByText('Processing payment... Please complete the payment in the Razorpay window.')).toBeVisible();
    await expect(pro.getByRole('slider', { name: 'Credits' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Pay ₹3,495 (test)' }).click();

    await expect(page.getByText('Payment successful! 5 credits added to your account.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Pro Member — 17 Credits Left')).toBeVisible();
    await expect(card(page, 'Free Trail').getByRole('button', { name: 'Enjoy your Pro Features' })).toBeDisabled();
    // The success message goes after 5 s (PAYMENT_SUCCESS_MS, frontend/pricing/razorpay.ts), on the page's clock.
    await page.clock.runFor(5_000);
    await expect(page.getByText('Payment successful!')).toHaveCount(0);

    await page.reload();
    await expect(page.getByText('Pro Member — 17 Credits Left')).toBeVisible();
  });

  test('shows the failure text for a failed test payment, clears it on dismiss, and a cancel leaves nothing behind', async ({ page, member }) => {
    await openPricingAsFreeMember(page);
    const buy = card(page, 'Pro').getByRole('button', { name: 'Buy Credits' });

    await buy.click();
    await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Simulate a failed payment' }).click();
    const alert = page.getByRole('alert').getByText('Payment processing failed');
    await expect(alert).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(alert).toHaveCount(0);

    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Processing payment...')).toHaveCount(0);
    await expect(buy).toBeEnabled();
    await expect(page.getByText('Free Member — 12 Credits Left')).toBeVisible();
  });

  test('shows an enterprise member the ribbon and the disabled buttons, pushed live by the operator command', async ({ page, member }) => {
    // The live connection's first message (the running jobs) comes once the Worker holds the socket.
    const live = page
      .waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/api/realtime') })
      .then((socket) => socket.waitForEvent('framereceived'));
    await openPricingAsFreeMember(page);
    await live;
    expect(await admin('plan', member.email, 'enterprise')).toContain('plan:    free → enterprise');

    // No reload: the Worker's admin route tells the member's open tab at once.
    await expect(page.getByText('Enterprise Member', { exact: true })).toBeVisible();
    const pro = card(page, 'Pro');
    await expect(pro.getByRole('button', { name: 'Included in Enterprise' })).toBeDisabled();
    await expect(pro.getByRole('slider', { name: 'Credits' })).toBeDisabled();
    await expect(card(page, 'Free Trail').getByRole('button', { name: 'Enjoy your Enterprise Features' })).toBeDisabled();
  });
});

// ---------- live mode: a second server with a Razorpay key id, against fakes of Razorpay ----------

const LIVE_KEY_ID = 'rzp_test_BrowserLive01';

function devVar(name: string): string {
  const text = readFileSync(path.join(root, '.dev.vars'), 'utf8');
  const match = text.match(new RegExp(`^${name}="?([^"\\n]*)"?`, 'm'));
  if (!match?.[1]) throw new Error(`${name} is not set in .dev.vars`);
  return match[1];
}

interface FakeOrdersApi {
  server: Server;
  url: string;
  calls: { authorization: string | undefined; amount: number; currency: string }[];
}

/** Razorpay's Orders API in its wire format: Basic auth, { id: 'order_…', … } or { error: { code, description } }. */
async function startFakeOrdersApi(keySecret: string): Promise<FakeOrdersApi> {
  const calls: FakeOrdersApi['calls'] = [];
  const expected = `Basic ${Buffer.from(`${LIVE_KEY_ID}:${keySecret}`).toString('base64')}`;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/orders' || request.headers.authorization !== expected) {
        response.statusCode = request.headers.authorization === expected ? 400 : 401;
        response.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } }));
        return;
      }
      const body = JSON.parse(raw) as { amount: number; currency: string; receipt: string; notes: Record<string, string> };
      calls.push({ authorization: request.headers.authorization, amount: body.amount, currency: body.currency });
      const id = `order_${Math.random().toString(36).slice(2, 16).padEnd(14, '0')}`;
      response.end(JSON.stringify({ id, entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: body.currency, receipt: body.receipt, offer_id: null, status: 'created', attempts: 0, notes: body.notes, created_at: Math.floor(Date.now() / 1000) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

/**
 * checkout.js's contract as the page uses it: new Razorpay(options), .on('payment.failed'),
 * .open(); the handler receives order id, payment id and Razorpay's signature
 * (HMAC-SHA256 of order_id|payment_id with the key secret, made here by the test).
 */
const FAKE_CHECKOUT_JS = `
window.Razorpay = function (options) { this.options = options; this.failed = null; window.__checkoutOptions = options; };
window.Razorpay.prototype.on = function (event, callback) { if (event === 'payment.failed') this.failed = callback; };
window.Razorpay.prototype.open = function () {
  var options = this.options;
  var paymentId = 'pay_' + Math.random().toString(36).slice(2, 16);
  window.razorpaySign(options.order_id, paymentId).then(function (signature) {
    options.handler({ razorpay_order_id: options.order_id, razorpay_payment_id: paymentId, razorpay_signature: signature });
  });
};`;

interface LiveServer {
  url: string;
  ordersApi: FakeOrdersApi;
  keySecret: string;
}

/** Stops a detached process group and waits for its leader to exit. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await exited;
}

/**
 * The live-mode app: its own wrangler dev on its own port and state, with a Razorpay key id and the
 * fake Orders API. One per worker, started on first use and stopped when the worker ends.
 */
const liveTest = test.extend<object, { live: LiveServer }>({
  live: [
    async ({}, use) => {
      const keySecret = devVar('RAZORPAY_KEY_SECRET');
      const ordersApi = await startFakeOrdersApi(keySecret);
      const stateDir = mkdtempSync(path.join(tmpdir(), 'parti-pricing-live-'));
      const wrangler = path.join(root, 'node_modules/.bin/wrangler');
      let server: ChildProcess | undefined;
      try {
        await applyLocalMigrations(stateDir);
        const port = await freePort();
        server = spawn(
          wrangler,
          // The build the main server serves (scripts/start.mjs): the Worker's server renderer exists only there.
          ['dev', '--config', 'dist/parti/wrangler.json', '--port', String(port), '--persist-to', stateDir, '--show-interactive-dev-session=false',
            '--var', `RAZORPAY_KEY_ID:${LIVE_KEY_ID}`, '--var', `RAZORPAY_API_BASE_URL:${ordersApi.url}`],
          { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
        );
        // What it said last, for the error should it stop before answering.
        let said = '';
        server.stderr?.on('data', (chunk: Buffer) => (said = `${said}${chunk.toString()}`.slice(-4000)));
        const url = `http://localhost:${port}`;
        const started = server;
        await expect
          .poll(
            async () => {
              if (started.exitCode !== null) throw new Error(`the live-mode server exited with ${started.exitCode}: ${said}`);
              const health = await fetch(`${url}/api/health`).then((response) => response.json() as Promise<{ payments: string }>, () => null);
              return health?.payments;
            },
            { timeout: 150_000, message: 'the live-mode server answers /api/health in live mode' },
          )
          .toBe('live');
        await use({ url, ordersApi, keySecret });
      } finally {
        if (server) await stopGroup(server);
        await new Promise<void>((resolve) => ordersApi.server.close(() => resolve()));
        rmSync(stateDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
});

liveTest.describe('the pricing page in live mode', () => {
  // One worker runs both, so only one live-mode server starts.
  liveTest.describe.configure({ mode: 'default' });
  // Every page of these tests talks to the live-mode server.
  liveTest.use({ baseURL: async ({ live }, use) => use(live.url) });

  liveTest('loads checkout.js only then, opens it with the server\'s order, and verifies the real signature', async ({ page, member, live }) => {
    const scriptRequests: string[] = [];
    await page.route('https://checkout.razorpay.com/**', async (route) => {
      scriptRequests.push(route.request().url());
      await route.fulfill({ contentType: 'application/javascript', body: FAKE_CHECKOUT_JS });
    });
    await page.exposeFunction('razorpaySign', (orderId: string, paymentId: string) =>
      createHmac('sha256', live.keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
    );
    await openPricingAsFreeMember(page);
    expect(scriptRequests).toEqual([]);
    await expect(page.getByText('Test mode', { exact: true })).toHaveCount(0);

    await card(page, 'Pro').getByRole('slider', { name: 'Credits' }).fill('5');
    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByText('Payment successful! 5 credits added to your account.')).toBeVisible();
    await expect(page.getByText('Pro Member — 17 Credits Left')).toBeVisible();

    expect(scriptRequests).toEqual(['https://checkout.razorpay.com/v1/checkout.js']);
    expect(live.ordersApi.calls.at(-1)).toMatchObject({ amount: 349_500, currency: 'INR' });
    const options = await page.evaluate(() => {
      const { key, amount, currency, name, description, order_id, prefill } = (window as unknown as { __checkoutOptions: Record<string, unknown> }).__checkoutOptions;
      return { key, amount, currency, name, description, order_id, prefill };
    });
    expect(options).toMatchObject({ key: LIVE_KEY_ID, amount: 349_500, currency: 'INR', name: 'Parti', description: '5 Credits Purchase' });
    expect(String(options.order_id)).toMatch(/^order_/);
  });

  liveTest('says so when checkout.js cannot be loaded', async ({ page, member }) => {
    await page.route('https://checkout.razorpay.com/**', (route) => route.abort('internetdisconnected'));
    await openPricingAsFreeMember(page);
    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByRole('alert').getByText('Failed to load Razorpay script')).toBeVisible();
    await expect(card(page, 'Pro').getByRole('button', { name: 'Buy Credits' })).toBeEnabled();
  });
});
