import type { Page } from '@playwright/test';
import { STARTING_CREDITS } from '#shared/limits';
import { generateFromPage, tokenFromPage } from './accounts';
import { expect, seriousViolations, settleAnimations, test } from './fixtures';

/** Opens the account menu (in the slide-in panel on a phone) and follows its Credits item. */
async function openCreditsFromAccountMenu(page: Page, email: string): Promise<void> {
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) {
    await openMenu.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: email.split('@')[0] }).click();
  } else {
    await page.locator('nav.rail').getByRole('button', { name: `Account: ${email}` }).click();
  }
  await page.getByRole('menuitem', { name: 'Credits' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/credits');
}

const rows = (page: Page) => page.locator('table.ledger-table tbody tr');
const balanceAfter = (page: Page) => rows(page).first().locator('td.ledger-balance');

test.describe('the Credits page', { tag: '@every-width' }, () => {
  test('is reached from the account menu and the credit ring, and shows each grant and charge with the balance after it', async ({ page, member }) => {
    await openCreditsFromAccountMenu(page, member.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
    await expect(page.getByTestId('credits-balance')).toHaveText(`${STARTING_CREDITS} credits`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Sign-up grant');
    await expect(rows(page).first().locator('td.ledger-delta')).toHaveText(`+${STARTING_CREDITS}`);
    await expect(balanceAfter(page)).toHaveText(String(STARTING_CREDITS));

    // A generation elsewhere (another session of the same user): the open page gets the new row live.
    const token = await tokenFromPage(page, member.email, member.password);
    const { creditsLeft } = await generateFromPage(page, token);
    await expect(rows(page)).toHaveCount(2);
    const charge = rows(page).first();
    await expect(charge).toContainText('Generation');
    await expect(charge.locator('td.ledger-delta')).toHaveText(`\u2212${STARTING_CREDITS - creditsLeft}`);
    await expect(charge.getByRole('link', { name: 'View in Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(balanceAfter(page)).toHaveText(String(creditsLeft));

    // The studio's credit ring leads here too, and the balance column's top is the ring's figure.
    await page.goto('/startfree');
    const ring = page.getByRole('link', { name: /credits left/ });
    await expect(ring).toHaveAttribute('data-credits', String(creditsLeft));
    const ringCredits = await ring.getAttribute('data-credits');
    await ring.click();
    await expect(page).toHaveURL((url) => url.pathname === '/credits');
    await expect(balanceAfter(page)).toHaveText(ringCredits ?? '');
    await expect(page.getByTestId('credits-balance')).toHaveText(`${ringCredits ?? ''} credits`);
  });

  test('has no serious or critical axe violation and never scrolls sideways', async ({ page, member }) => {
    const token = await tokenFromPage(page, member.email, member.password);
    await generateFromPage(page, token);
    await page.goto('/credits');
    await expect(rows(page)).toHaveCount(2);
    await settleAnimations(page);
    await expect.poll(() => seriousViolations(page), { message: 'axe on /credits' }).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});
