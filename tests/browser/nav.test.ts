import type { Page } from '@playwright/test';
import { apiBuyCredits, apiGenerate } from './api';
import { expect, holdSessionCheck, test } from './fixtures';

const rail = (page: Page) => page.locator('nav.rail');

/** The rail's generate entry: the fourth link, whatever its label says. */
const generateEntry = (page: Page) => rail(page).locator('.rail-links > *').nth(3);

test.describe('the rail on a wide screen', () => {
  test('shows the five links with their names and tooltips for a signed-out visitor', async ({ page }) => {
    await page.goto('/gallery');
    await expect(rail(page).locator('.rail-links > *')).toHaveText([
      'View Pricing & Plans',
      'Gallery',
      'Learn about Parti',
      'Sign in to use Parti',
      'Sign in to view Dashboard',
    ]);
    await expect(generateEntry(page)).toHaveAttribute('href', '/login?redirect=%2Fgenerate');
    await expect(rail(page).getByRole('link', { name: 'Sign in to view Dashboard' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
    await expect(rail(page).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    await expect(rail(page).getByRole('link', { name: 'View Pricing & Plans' })).not.toHaveAttribute('aria-current');

    // The tooltip is the label, shown on hover and on keyboard focus.
    const pricing = rail(page).getByRole('link', { name: 'View Pricing & Plans' });
    await pricing.focus();
    await expect.poll(() => pricing.evaluate((element) => getComputedStyle(element, '::after').content)).toBe('"View Pricing & Plans"');
  });

  test('shows Loading... and an inert generate entry while the profile loads', async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/pricing');
    await expect(generateEntry(page)).toHaveText('Loading...');
    await expect(generateEntry(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(generateEntry(page)).not.toHaveAttribute('href');
    release();
    await expect(generateEntry(page)).toHaveText('Sign in to use Parti');
  });

  test('names the plan, then the empty balance, then the paid plan for a member', async ({ page, member }) => {
    await page.goto('/gallery');
    await expect(generateEntry(page)).toHaveText('Parti — Free');
    await expect(generateEntry(page)).toHaveAttribute('href', '/startfree');
    await expect(rail(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

    // Spend the 12 trial credits (3 × Concept at 4 credits); the live update relabels the entry.
    for (const run of [1, 2, 3]) await apiGenerate(member, `A timber pavilion in a birch forest, study ${run}`, { model: 'concept' });
    await expect(generateEntry(page)).toHaveText('No Credit Left—Buy Now');

    await apiBuyCredits(member, 2);
    await expect(generateEntry(page)).toHaveText('Parti — Pro');
    await expect(generateEntry(page)).toHaveAttribute('href', '/generate');
  });

  test('opens the account menu by keyboard: email, Credits, Sign Out, Escape closes and returns focus', async ({ page, member }) => {
    await page.goto('/gallery');
    const trigger = rail(page).getByRole('button', { name: `Account: ${member.email}` });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(rail(page).getByText(member.email)).toBeVisible();
    const credits = rail(page).getByRole('menuitem', { name: 'Credits' });
    const signOut = rail(page).getByRole('menuitem', { name: 'Sign Out' });
    await expect(credits).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(credits).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(signOut).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await signOut.click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await rail(page).getByRole('button', { name: 'Account: signed out' }).click();
    await expect(rail(page).getByRole('menuitem', { name: 'Login / Sign Up' })).toHaveAttribute('href', '/login');
  });
});

test.describe('the panel on a small screen', () => {
  test('opens a labelled panel, closes by button, backdrop and Escape, and gives focus back', { tag: '@phone' }, async ({ page, member }) => {
    await page.goto('/gallery');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await expect(rail(page)).toBeHidden();
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    await expect(panel.getByRole('link', { name: 'Parti — Free' })).toHaveCount(1);
    // The mobile account label is the part of the email before the at sign.
    await expect(panel.getByRole('button', { name: member.email.split('@')[0] })).toHaveCount(1);

    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(10, 400); // the backdrop, left of the panel
    await expect(panel).toHaveCount(0);

    await open.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(open).toBeFocused();

    // Following a link closes the panel and navigates.
    await open.click();
    await panel.getByRole('link', { name: 'View Pricing & Plans' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
    await expect(panel).toHaveCount(0);

    // The account menu lives in the panel too: its Credits item, then Sign Out.
    const account = panel.getByRole('button', { name: member.email.split('@')[0] });
    await open.click();
    await account.click();
    await page.getByRole('menuitem', { name: 'Credits' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/credits');
    await open.click();
    await account.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('labels the account Account when signed out', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Sign in to use Parti' })).toHaveCount(1);
    await expect(panel.getByRole('button', { name: 'Account', exact: true })).toHaveCount(1);
  });
});

test('gives every page a title of its own', async ({ page, member }) => {
  const expected: Array<[string, string]> = [
    ['/gallery', 'Gallery — Parti'],
    ['/pricing', 'Pricing & Plans — Parti'],
    ['/dashboard', 'Dashboard — Parti'],
    ['/startfree', 'Free studio — Parti'],
    ['/no-such-page', '404 - Page Not Found — Parti'],
  ];
  for (const [path, title] of expected) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('gives the public pages and both sign-in tabs titles of their own', async ({ page }) => {
  const expected: Array<[string, string]> = [
    ['/', 'Parti — AI image studio for architecture and design'],
    ['/about', 'About Parti'],
    ['/login', 'Login — Parti'],
    ['/login?mode=signup', 'Sign Up — Parti'],
  ];
  for (const [path, title] of expected) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Login — Parti');
});
