import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, persistDir, signUpThroughForm, VIEWPORTS } from './browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/admin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, PERSIST_DIR: persistDir() },
  });
  return stdout;
}

function card(page: Page, name: string) {
  return page.locator('article.plan-card', { has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

async function signUpAndOpenPricing(page: Page): Promise<string> {
  const { email } = await signUpThroughForm(page);
  await page.waitForURL('**/startfree');
  await page.goto('/pricing');
  await page.getByText('Free Member — 12 Credits Left').waitFor();
  return email;
}

describe('the pricing page', () => {
  it('shows the three plans with their labels, ribbon, prices and the slider at the recommended 12', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(['Free Trail', 'Pro', 'Enterprise']);

    const free = card(page, 'Free Trail');
    await expect(free.getByText('Opening Week Offer').isVisible()).resolves.toBe(true);
    await expect(free.locator('.plan-price-figure').textContent()).resolves.toBe('₹0');

    const pro = card(page, 'Pro');
    await expect(pro.getByText('₹699/Credit').isVisible()).resolves.toBe(true);
    const slider = pro.getByRole('slider', { name: 'Credits' });
    await expect(slider.inputValue()).resolves.toBe('12');
    await expect(slider.getAttribute('min')).resolves.toBe('1');
    await expect(slider.getAttribute('max')).resolves.toBe('100');
    await expect(pro.getByText('Recommended', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(pro.locator('output').textContent()).resolves.toContain('₹8,388');
    await slider.fill('100');
    await expect(pro.locator('output').textContent()).resolves.toContain('₹69,900');
    // Buy Credits waits for the session check to finish, then is enabled for visitors too.
    await pro.locator('button:enabled', { hasText: 'Buy Credits' }).waitFor();

    const enterprise = card(page, 'Enterprise');
    await expect(enterprise.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).resolves.toMatch(/^mailto:hello@parti\.studio/);
    // The checkout script is never loaded in test mode.
    await expect(page.locator('script[src*="checkout.razorpay.com"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('sends a signed-out visitor\'s Free button to the login page with redirect and plan', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await page.goto('/pricing?plan=free');
    const start = card(page, 'Free Trail').getByRole('link', { name: 'Start Free' });
    const freeTarget = new URL((await start.getAttribute('href')) ?? '', baseUrl());
    expect(freeTarget.pathname).toBe('/login');
    expect(Object.fromEntries(freeTarget.searchParams)).toEqual({ redirect: 'startfree', plan: 'free' });

    await page.goto('/pricing');
    const proTarget = new URL((await card(page, 'Free Trail').getByRole('link', { name: 'Start Free' }).getAttribute('href')) ?? '', baseUrl());
    expect(Object.fromEntries(proTarget.searchParams)).toEqual({ redirect: 'generate', plan: 'pro' });

    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByRole('alert').getByText('Please log in to make a payment.').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('buys 5 credits end to end in test mode on a phone: dialog, success, 17 credits and the Pro ribbon', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signUpAndOpenPricing(page);
    const pro = card(page, 'Pro');
    await pro.getByRole('slider', { name: 'Credits' }).fill('5');
    await pro.getByRole('button', { name: 'Buy Credits' }).click();

    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await dialog.waitFor();
    await expect(dialog.getByText('Test mode', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByText('5 Credits Purchase').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Processing payment... Please complete the payment in the Razorpay window.').isVisible()).resolves.toBe(true);
    await expect(pro.getByRole('slider', { name: 'Credits' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Pay ₹3,495 (test)' }).click();

    await page.getByText('Payment successful! 5 credits added to your account.').waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);
    await page.getByText('Pro Member — 17 Credits Left').waitFor();
    await expect(card(page, 'Free Trail').getByRole('button', { name: 'Enjoy your Pro Features' }).isDisabled()).resolves.toBe(true);
    // The success message goes after 5 s.
    await page.getByText('Payment successful!').waitFor({ state: 'detached', timeout: 8000 });

    await page.reload();
    await page.getByText('Pro Member — 17 Credits Left').waitFor();
    await context.close();
  });

  it('shows the failure text for a failed test payment, clears it on dismiss, and a cancel leaves nothing behind', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await signUpAndOpenPricing(page);
    const buy = card(page, 'Pro').getByRole('button', { name: 'Buy Credits' });

    await buy.click();
    await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Simulate a failed payment' }).click();
    const alert = page.getByRole('alert').getByText('Payment processing failed');
    await alert.waitFor();
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await alert.waitFor({ state: 'detached' });

    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByText('Processing payment...').count()).resolves.toBe(0);
    await expect(buy.isEnabled()).resolves.toBe(true);
    await expect(page.getByText('Free Member — 12 Credits Left').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows an enterprise member the ribbon and the disabled buttons', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const email = await signUpAndOpenPricing(page);
    expect(await admin('plan', email, 'enterprise')).toContain('plan:    free → enterprise');

    await page.reload();
    await page.getByText('Enterprise Member', { exact: true }).waitFor();
    const pro = card(page, 'Pro');
    await expect(pro.getByRole('button', { name: 'Included in Enterprise' }).isDisabled()).resolves.toBe(true);
    await expect(pro.getByRole('slider', { name: 'Credits' }).isDisabled()).resolves.toBe(true);
    await expect(card(page, 'Free Trail').getByRole('button', { name: 'Enjoy your Enterprise Features' }).isDisabled()).resolves.toBe(true);
    await context.close();
    // The operator command starts wrangler three times: slow on a busy machine.
  }, 150_000);
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the pricing page in live mode', () => {
  let liveServer: ChildProcess | undefined;
  let liveUrl = '';
  let persistDir = '';
  let ordersApi: FakeOrdersApi;
  const keySecret = devVar('RAZORPAY_KEY_SECRET');

  beforeAll(async () => {
    ordersApi = await startFakeOrdersApi(keySecret);
    persistDir = mkdtempSync(path.join(tmpdir(), 'parti-pricing-live-'));
    const wrangler = path.join(root, 'node_modules/.bin/wrangler');
    await run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir], { cwd: root, env: { ...process.env, CI: 'true' } });
    const port = await freePort();
    liveServer = spawn(
      wrangler,
      ['dev', '--port', String(port), '--persist-to', persistDir, '--show-interactive-dev-session=false',
        '--var', `RAZORPAY_KEY_ID:${LIVE_KEY_ID}`, '--var', `RAZORPAY_API_BASE_URL:${ordersApi.url}`],
      { cwd: root, stdio: 'ignore', detached: true },
    );
    liveUrl = `http://localhost:${port}`;
    const deadline = Date.now() + 150_000;
    for (;;) {
      const health = await fetch(`${liveUrl}/api/health`).then((response) => response.json() as Promise<{ payments: string }>, () => null);
      if (health?.payments === 'live') break;
      if (Date.now() > deadline || liveServer.exitCode !== null) throw new Error('the live-mode server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 200_000);

  afterAll(async () => {
    if (liveServer?.pid) {
      try {
        process.kill(-liveServer.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise<void>((resolve) => ordersApi?.server.close(() => resolve()) ?? resolve());
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (persistDir) rmSync(persistDir, { recursive: true, force: true });
  });

  async function livePage() {
    const context = await browser.newContext({ baseURL: liveUrl, viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(`live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/startfree');
    return { context, page };
  }

  it('loads checkout.js only then, opens it with the server\'s order, and verifies the real signature', async () => {
    const { context, page } = await livePage();
    const scriptRequests: string[] = [];
    await page.route('https://checkout.razorpay.com/**', async (route) => {
      scriptRequests.push(route.request().url());
      await route.fulfill({ contentType: 'application/javascript', body: FAKE_CHECKOUT_JS });
    });
    await page.exposeFunction('razorpaySign', (orderId: string, paymentId: string) =>
      createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
    );
    await page.goto('/pricing');
    await page.getByText('Free Member — 12 Credits Left').waitFor();
    expect(scriptRequests).toEqual([]);
    await expect(page.getByText('Test mode', { exact: true }).count()).resolves.toBe(0);

    await card(page, 'Pro').getByRole('slider', { name: 'Credits' }).fill('5');
    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByText('Payment successful! 5 credits added to your account.').waitFor();
    await page.getByText('Pro Member — 17 Credits Left').waitFor();

    expect(scriptRequests).toEqual(['https://checkout.razorpay.com/v1/checkout.js']);
    expect(ordersApi.calls.at(-1)).toMatchObject({ amount: 349_500, currency: 'INR' });
    const options = await page.evaluate(() => {
      const { key, amount, currency, name, description, order_id, prefill } = (window as unknown as { __checkoutOptions: Record<string, unknown> }).__checkoutOptions;
      return { key, amount, currency, name, description, order_id, prefill };
    });
    expect(options).toMatchObject({ key: LIVE_KEY_ID, amount: 349_500, currency: 'INR', name: 'Parti', description: '5 Credits Purchase' });
    expect(String(options.order_id)).toMatch(/^order_/);
    await context.close();
  });

  it('says so when checkout.js cannot be loaded', async () => {
    const { context, page } = await livePage();
    await page.route('https://checkout.razorpay.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/pricing');
    await page.getByText('Free Member — 12 Credits Left').waitFor();
    await card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('alert').getByText('Failed to load Razorpay script').waitFor();
    await expect(card(page, 'Pro').getByRole('button', { name: 'Buy Credits' }).isEnabled()).resolves.toBe(true);
    await context.close();
  });
});
