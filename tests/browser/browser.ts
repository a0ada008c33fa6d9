import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet on a machine with no network beyond loopback. */
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

/** The local state of the app under test (D1 and R2), shared with the operator command. */
export function persistDir(): string {
  return inject('persistDir');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: QUIET_FLAGS });
}

export interface Viewport {
  width: number;
  height: number;
}

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const satisfies Record<string, Viewport>;

export async function newPage(browser: Browser, viewport: Viewport = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
export function uniqueEmail(prefix = 'browser'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up through the real form. */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = 'a good long password'): Promise<{ email: string; password: string }> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  return { email, password };
}

/** Holds the page's session check (the refresh call) until the returned function is called. */
export async function holdSessionCheck(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/refresh', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
