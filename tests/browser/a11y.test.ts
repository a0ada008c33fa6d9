/**
 * Keyboard paths (docs/decisions/0049-keyboard-paths.md). axe, overflow and target sizes on every
 * route at every width are the layout tour's (tests/browser/layout.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, settleAnimations, test } from './fixtures';

/** Waits until the route has rendered its content (the landing's phone intro included) and is at rest. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (path === '/' || path === '/about') {
    // The hero's intro runs beside the headline; check the page at rest.
    await expect(page.locator('.landing-hero .intro[data-phase="final"]')).toBeAttached();
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settleAnimations(page);
}

test.describe('keyboard', () => {
  async function tabUntil(page: Page, predicate: () => boolean, limit = 40): Promise<boolean> {
    for (let step = 0; step < limit; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(predicate)) return true;
    }
    return false;
  }

  test('starts with a skip link, and every focused control shows a visible outline', async ({ page }) => {
    await settle(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to content');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const outline = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return { tag: element.tagName, visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
        });
      await expect.poll(async () => (await outline()).visible, { message: `${(await outline()).tag} at step ${step} shows an outline` }).toBe(true);
    }
  });

  test('reaches Start Free and the FAQ by keyboard and operates them', { tag: '@tablet' }, async ({ page }) => {
    await settle(page, '/');
    expect(await tabUntil(page, () => document.activeElement?.textContent === 'Start Free')).toBe(true);
    expect(await tabUntil(page, () => document.activeElement?.closest('.faq') !== null, 120)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAttribute('aria-expanded', 'true');
  });
});
