import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The local state directory of the app under test: global-setup starts `wrangler dev --port P
 * --persist-to DIR`; find that process by its port so the operator command can work on the same
 * database.
 */
function persistDirOfServer(): string {
  const port = new URL(baseUrl()).port;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const portAt = args.indexOf('--port');
    const persistAt = args.indexOf('--persist-to');
    if (args.includes('dev') && portAt >= 0 && args[portAt + 1] === port && persistAt >= 0) {
      const dir = args[persistAt + 1];
      if (dir) return dir;
    }
  }
  throw new Error(`no wrangler dev process found on port ${port}`);
}

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/admin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, PERSIST_DIR: persistDirOfServer() },
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
    await expect(pro.getByRole('button', { name: 'Buy Credits' }).isEnabled()).resolves.toBe(true);

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
