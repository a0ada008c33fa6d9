import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCreditsFromPage, generateFromPage, tokenFromPage } from './accounts';
import { holdSessionCheck, launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const rail = (page: Page) => page.locator('nav.rail');

/** The rail's generate entry: the fourth link, whatever its label says. */
const generateEntry = (page: Page) => rail(page).locator('.rail-links > *').nth(3);

async function railLabels(page: Page): Promise<string[]> {
  return rail(page).locator('.rail-links > *').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

describe('the rail on a wide screen', () => {
  it('shows the five links with their names and tooltips for a signed-out visitor', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/gallery');
    await expect.poll(() => railLabels(page), { timeout: 15_000 }).toEqual([
      'View Pricing & Plans',
      'Gallery',
      'Learn about Parti',
      'Sign in to use Parti',
      'Sign in to view Dashboard',
    ]);
    await expect(generateEntry(page).getAttribute('href')).resolves.toBe('/login?redirect=%2Fgenerate');
    await expect(rail(page).getByRole('link', { name: 'Sign in to view Dashboard' }).getAttribute('href')).resolves.toBe('/login?redirect=%2Fdashboard');
    await expect(rail(page).getByRole('link', { name: 'Gallery' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(rail(page).getByRole('link', { name: 'View Pricing & Plans' }).getAttribute('aria-current')).resolves.toBeNull();

    // The tooltip is the label, shown on hover and on keyboard focus.
    const pricing = rail(page).getByRole('link', { name: 'View Pricing & Plans' });
    await pricing.focus();
    await expect(pricing.evaluate((element) => getComputedStyle(element, '::after').content)).resolves.toBe('"View Pricing & Plans"');
    await context.close();
  });

  it('shows Loading... and an inert generate entry while the profile loads', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const release = await holdSessionCheck(page);
    await page.goto('/pricing');
    await expect.poll(() => generateEntry(page).textContent(), { timeout: 15_000 }).toBe('Loading...');
    await expect(generateEntry(page).getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(generateEntry(page).getAttribute('href')).resolves.toBeNull();
    release();
    await expect.poll(() => generateEntry(page).textContent(), { timeout: 15_000 }).toBe('Sign in to use Parti');
    await context.close();
  });

  it('names the plan, then the empty balance, then the paid plan for a member', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto('/gallery');
    await expect.poll(() => generateEntry(page).textContent(), { timeout: 15_000 }).toBe('Parti — Free');
    await expect(generateEntry(page).getAttribute('href')).resolves.toBe('/startfree');
    await expect(rail(page).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).resolves.toBe('/dashboard');

    // Spend the 12 trial credits (3 × Concept at 4 credits); the live update relabels the entry.
    const token = await tokenFromPage(page, account.email, account.password);
    for (let run = 0; run < 3; run += 1) await generateFromPage(page, token, 'concept');
    await expect.poll(() => generateEntry(page).textContent(), { timeout: 15_000 }).toBe('No Credit Left—Buy Now');

    await buyCreditsFromPage(page, token, 2);
    await expect.poll(() => generateEntry(page).textContent(), { timeout: 15_000 }).toBe('Parti — Pro');
    await expect(generateEntry(page).getAttribute('href')).resolves.toBe('/generate');
    await context.close();
  });

  it('opens the account menu by keyboard: email, Sign Out, Escape closes and returns focus', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto('/gallery');
    const trigger = rail(page).getByRole('button', { name: `Account: ${account.email}` });
    await trigger.waitFor({ timeout: 15_000 });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(rail(page).getByText(account.email).isVisible()).resolves.toBe(true);
    const signOut = rail(page).getByRole('menuitem', { name: 'Sign Out' });
    await expect(signOut.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(signOut.isVisible()).resolves.toBe(false);
    await expect(trigger.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await trigger.click();
    await signOut.click();
    await page.waitForURL((url) => url.pathname === '/');
    await rail(page).getByRole('button', { name: 'Account: signed out' }).click();
    await expect(rail(page).getByRole('menuitem', { name: 'Login / Sign Up' }).getAttribute('href')).resolves.toBe('/login');
    await context.close();
  });
});

describe('the panel on a small screen', () => {
  it('opens a labelled panel, closes by button, backdrop and Escape, and gives focus back', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto('/gallery');
    await expect(rail(page).isVisible()).resolves.toBe(false);
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.waitFor();
    await expect(panel.getByRole('link', { name: 'Gallery' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect.poll(() => panel.getByRole('link', { name: 'Parti — Free' }).count(), { timeout: 15_000 }).toBe(1);
    // The mobile account label is the part of the email before the at sign.
    await expect(panel.getByRole('button', { name: account.email.split('@')[0] }).count()).resolves.toBe(1);

    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel.count()).resolves.toBe(0);
    await expect(open.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await open.click();
    await panel.waitFor();
    await page.mouse.click(10, 400); // the backdrop, left of the panel
    await expect(panel.count()).resolves.toBe(0);

    await open.click();
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
    await expect(open.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // Following a link closes the panel and navigates.
    await open.click();
    await panel.getByRole('link', { name: 'View Pricing & Plans' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await expect(panel.count()).resolves.toBe(0);
    await context.close();
  });

  it('labels the account Account when signed out', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => panel.getByRole('link', { name: 'Sign in to use Parti' }).count(), { timeout: 15_000 }).toBe(1);
    await expect(panel.getByRole('button', { name: 'Account', exact: true }).count()).resolves.toBe(1);
    await context.close();
  });
});
