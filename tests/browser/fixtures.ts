/**
 * The browser tests' fixtures: Playwright's own (page, context, browser) plus a signed-in member,
 * extra devices and an axe check. Every test file imports `test` and `expect` from here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '#shared/edge';

export { expect };
export { VIEWPORTS } from './viewports';

/** The app under test, started by playwright.config.ts (its environment reaches every worker). */
export function appUrl(): string {
  const port = process.env.PARTI_TEST_PORT;
  if (!port) throw new Error('PARTI_TEST_PORT is not set: run the browser tests through `npx playwright test`');
  return `http://localhost:${port}`;
}

export interface Account {
  email: string;
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'browser'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.env.TEST_WORKER_INDEX ?? 0}-${counter}@example.com`;
}

/** Signs up through the real form (the caller waits for where it lands). */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = 'a good long password'): Promise<Account> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  return { email, password };
}

export async function logInThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
}

/**
 * Holds the page's session check (the refresh call) until the returned function is called. A
 * signed-out browser makes no check without the session hint cookie
 * (docs/decisions/0046-first-screen-without-waiting.md), so the hint is planted, as a session
 * that ended elsewhere would leave it.
 */
export async function holdSessionCheck(page: Page): Promise<() => void> {
  await page.context().addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: appUrl() }]);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/refresh', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe on the page as it is and lists the serious and critical violations. The source is
 * evaluated through the DevTools protocol, so the app keeps its real CSP.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(', ')}`);
}

/** Waits until no finite animation or transition is running (looping ones are left alone). */
export async function settleAnimations(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
            .length,
      ),
    )
    .toBe(0);
}

interface Fixtures {
  /** A free member, signed up through the form on `page` and landed on /startfree. */
  member: Account;
  /** Another device: a fresh context (own cookies) on the same app, closed after the test. */
  openPage: (options?: BrowserContextOptions) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  member: async ({ page }, use) => {
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await use(account);
  },
  openPage: async ({ browser, baseURL }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
