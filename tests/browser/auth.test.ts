import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signUpThroughForm, uniqueEmail, VIEWPORTS } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('signing up, staying signed in and signing out', () => {
  it('signs up through the form, lands on /startfree and stays signed in across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/startfree');

    // The access token lives in memory only; the session comes back through the httpOnly cookie.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    expect(stored).not.toContain('eyJ');
    await context.close();
  });

  it('sends a signed-out visitor from /dashboard to /login?redirect=/dashboard after sign-out', async () => {
    const { context, page } = await newPage(browser);
    const { email } = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByText(email).waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=*');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/dashboard');
    await context.close();
  });

  it('signs in and follows the redirect value', async () => {
    const first = await newPage(browser);
    const account = await signUpThroughForm(first.page);
    await first.page.waitForURL('**/startfree');
    await first.context.close();

    const { context, page } = await newPage(browser);
    await page.goto('/login?redirect=%2Fdashboard');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('shows the server message in the red box, and switching mode clears it', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    const alert = page.locator('form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password.');

    await page.locator('.auth-switch').getByRole('button', { name: 'Sign Up' }).click();
    expect(await page.locator('form').getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('toggles the password between hidden and shown', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });
});

describe('routes', () => {
  it('shows the 404 text for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 - Page Not Found');
    await context.close();
  });

  it('serves the app with the security headers', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/gallery');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await context.close();
  });
});
