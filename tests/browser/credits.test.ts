import type { Page } from '@playwright/test';
import { STARTING_CREDITS } from '#shared/limits';
import { apiGeneration } from './api';
import { expect, test } from './fixtures';

/** The generation a test makes beside the open page. */
const PROMPT = 'A timber pavilion in a birch forest at dusk, warm light through slatted walls';

/** Opens the rail's account menu and follows its Credits item (tests/browser/nav.test.ts follows the phone panel's). */
async function openCreditsFromAccountMenu(page: Page, email: string): Promise<void> {
  await page.locator('nav.rail').getByRole('button', { name: `Account: ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Credits' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/credits');
}

const rows = (page: Page) => page.locator('table.ledger-table tbody tr');
const balanceAfter = (page: Page) => rows(page).first().locator('td.ledger-balance');

test.describe('the Credits page', () => {
  test('is reached from the account menu and the credit ring, and shows each grant and charge with the balance after it', async ({ page, member }) => {
    await page.goto('/startfree');
    await openCreditsFromAccountMenu(page, member.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
    await expect(page.getByTestId('credits-balance')).toHaveText(`${STARTING_CREDITS} credits`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Sign-up grant');
    await expect(rows(page).first().locator('td.ledger-delta')).toHaveText(`+${STARTING_CREDITS}`);
    await expect(balanceAfter(page)).toHaveText(String(STARTING_CREDITS));

    // A generation elsewhere (through the API, beside the page): the open page gets the new row live.
    const { creditsLeft } = await apiGeneration(member, PROMPT);
    if (creditsLeft === null) throw new Error('a free member has a balance');
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
});
