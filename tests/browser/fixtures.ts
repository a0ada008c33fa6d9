/**
 * The browser tests' fixtures: Playwright's own (page, context, browser) plus a signed-in member,
 * extra devices, and the checks every width shares (axe, overflow, target sizes). Every test file
 * imports `test` and `expect` from here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { AuthResponse } from '#shared/api-types';
import { SESSION_HINT_COOKIE } from '#shared/edge';
import { apiUserFrom, appUrl, PASSWORD, uniqueEmail, type Account, type ApiUser } from './api';
import { SEEDING_TIMEOUT_MS, waitForSeeded, type Seeded } from './seeded';
import { VIEWPORTS } from './viewports';

export { expect };
export { appUrl, uniqueEmail, type Account, type ApiUser };
export { VIEWPORTS };

/** Signs up through the real form (the caller waits for where it lands). Only the sign-up and sign-in tests use it. */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = PASSWORD): Promise<Account> {
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
 * Signs `context` in through the API on the app's own origin: the answer's refresh and hint
 * cookies land in the context's cookie jar, as a sign-in in one of its pages would leave them, and
 * its next page load finds the session. Each context gets a session of its own: refresh tokens
 * rotate, and presenting a rotated one ends the whole session
 * (docs/decisions/0003-short-access-token-rotating-refresh.md), so two contexts
 * must never share one saved storage state.
 */
async function signInContext(context: BrowserContext, path: '/api/auth/signup' | '/api/auth/login', account: Account): Promise<ApiUser> {
  const response = await context.request.post(path, { data: { email: account.email, password: account.password } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return apiUserFrom(account, (await response.json()) as AuthResponse);
}

export function signUpInContext(context: BrowserContext, email = uniqueEmail()): Promise<ApiUser> {
  return signInContext(context, '/api/auth/signup', { email, password: PASSWORD });
}

export function logInInContext(context: BrowserContext, account: Account): Promise<ApiUser> {
  return signInContext(context, '/api/auth/login', account);
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

/** Runs axe on the page as it is; the source is evaluated through the DevTools protocol, so the app keeps its real CSP. */
async function axeViolations(page: Page, options: object): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, runOptions)).violations;
  }, options);
}

function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(', ')}`,
  );
}

/**
 * The serious and critical violations of axe's default rules. `targetSize` adds the WCAG 2.2 target
 * size rule (2.5.8: a control at least 24 × 24 px, or spaced so a 24 px circle around it touches no
 * other), which axe leaves off by default; axe knows its exceptions, inline links among them.
 */
export async function seriousViolations(page: Page, options: { targetSize?: boolean } = {}): Promise<string[]> {
  const rules = options.targetSize ? { 'target-size': { enabled: true } } : {};
  const violations = await axeViolations(page, { resultTypes: ['violations'], rules });
  return describeViolations(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'));
}

/**
 * Waits until React has taken over a page the server rendered (a review link, the gallery, the
 * prerendered public pages): React marks the root element it hydrates. Before that the page shows
 * its buttons, but a click on one does nothing.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
}

/**
 * Turns the window to `size`, as a person resizing it would, and waits for the next two frames.
 * Chromium lays the page out at the new width at once, but resolves viewport units (`vw`, as in
 * the pricing page's padding and headline) against the old size until its next frame: a box
 * measured straight after a resize is where neither width puts it (docs/decisions/0080, fifth amendment).
 */
export async function resizeWindow(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The three widths, widest first, named as the checks report them. */
export const WIDTHS = [
  ['1440 px', VIEWPORTS.desktop],
  ['768 px', VIEWPORTS.tablet],
  ['375 px', VIEWPORTS.phone],
] as const satisfies readonly (readonly [string, { width: number; height: number }])[];

/** The tablet's and the phone's, for screens a flow has already checked at 1440 px. */
export const SMALLER_WIDTHS = WIDTHS.slice(1);

/** The phone's alone. */
export const PHONE_WIDTH = [WIDTHS[2]] as const;

/**
 * Runs `check` with the window turned to each of `widths` (all three unless told) and turns it back
 * to the size it had: one page looked at in each width, instead of a flow run again per width
 * (docs/decisions/0080-browser-suite-once-per-flow.md).
 */
export async function atEachWidth(page: Page, check: (width: string) => Promise<void>, widths: readonly (typeof WIDTHS)[number][] = WIDTHS): Promise<void> {
  const start = page.viewportSize();
  for (const [name, size] of widths) {
    await resizeWindow(page, size);
    await check(name);
  }
  if (start) await resizeWindow(page, start);
}

/** How far the page scrolls sideways: 0 when nothing overflows the viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
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
  /** A free member of 12 credits, signed up through the API into this test's context (no page loaded yet). */
  member: ApiUser;
  /** The member in the studio at /startfree, the prompt box ready. */
  studio: ApiUser;
  /**
   * Another device: a fresh context (own cookies) on the same app, closed after the test;
   * `signedInAs` signs it in with a session of its own.
   */
  openPage: (options?: BrowserContextOptions & { signedInAs?: Account }) => Promise<Page>;
}

interface WorkerFixtures {
  /** The shared read-only data tests/browser/global-setup.ts makes, once it has made it. */
  seeded: Seeded;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  seeded: [async ({}, use) => use(await waitForSeeded()), { scope: 'worker', timeout: SEEDING_TIMEOUT_MS + 10_000 }],
  member: async ({ context }, use) => {
    await use(await signUpInContext(context));
  },
  studio: async ({ page, member }, use) => {
    await page.goto('/startfree');
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
    await use(member);
  },
  openPage: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ signedInAs, ...options } = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      if (signedInAs) await logInInContext(context, signedInAs);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
