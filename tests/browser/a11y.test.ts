import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, signUpThroughForm, VIEWPORTS, type Viewport } from './browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let browser: Browser;

/** axe is injected as a script tag, which the app's CSP rightly refuses; the test context bypasses it. */
async function newPage(browser: Browser, viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, bypassCSP: true });
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until the route has rendered its content (the landing's phone intro included). */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (path === '/' || path === '/about') {
    await page.locator('.landing-hero').waitFor({ timeout: 15_000 });
    // The hero's intro runs beside the headline; check the page at rest.
    await page.locator('.landing-hero .intro[data-phase="final"]').waitFor({ timeout: 15_000 });
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(', ')}`);
}

const PUBLIC_ROUTES = ['/', '/about', '/gallery', '/pricing', '/login', '/no-such-page'];
const MEMBER_ROUTES = ['/startfree', '/dashboard', '/home'];
const WIDTHS: [string, Viewport][] = [
  ['375 px', VIEWPORTS.phone],
  ['768 px', VIEWPORTS.tablet],
  ['1440 px', VIEWPORTS.desktop],
];

describe.each(WIDTHS)('axe at %s', (_label, viewport) => {
  it('finds no serious or critical violation on the public routes', async () => {
    const { context, page } = await newPage(browser, viewport);
    const found: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      await settle(page, path);
      found.push(...(await seriousViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('finds no serious or critical violation on the member routes', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    const found: string[] = [];
    for (const path of [...MEMBER_ROUTES, '/', '/pricing']) {
      await settle(page, path);
      found.push(...(await seriousViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('never lets the page scroll sideways', async () => {
    const { context, page } = await newPage(browser, viewport);
    for (const path of PUBLIC_ROUTES) {
      await settle(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await context.close();
  });
});

describe('keyboard', () => {
  async function tabUntil(page: Page, predicate: () => boolean, limit = 40): Promise<boolean> {
    for (let step = 0; step < limit; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(predicate)) return true;
    }
    return false;
  }

  it('starts with a skip link, and every focused control shows a visible outline', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await settle(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { tag: element.tagName, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
      });
      expect(outline.style, `${outline.tag} at step ${step}`).not.toBe('none');
      expect(outline.width).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('reaches Start Free and the FAQ by keyboard and operates them', async () => {
    const { context, page }: { context: BrowserContext; page: Page } = await newPage(browser, VIEWPORTS.tablet);
    await settle(page, '/');
    expect(await tabUntil(page, () => document.activeElement?.textContent === 'Start Free')).toBe(true);
    expect(await tabUntil(page, () => document.activeElement?.closest('.faq') !== null, 120)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).resolves.toBe('true');
    await context.close();
  });
});
