import type { Browser, Page, WebSocket, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCreditsFromPage, generateFromPage, tokenFromPage } from './accounts';
import { launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
}

/** The studio's credit ring shows the balance it knows; it changes only through live updates here. */
const ringCredits = (page: Page) => page.locator('.studio-ring').first().getAttribute('data-credits');

async function waitForLiveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/api/realtime'), timeout: 15_000 });
}

describe('live updates between two devices of one user', () => {
  it('a purchase and a generation on one device update the other’s credit ring and plan without a reload', async () => {
    const laptop = await newPage(browser, VIEWPORTS.desktop);
    const account = await signUpThroughForm(laptop.page);
    await laptop.page.waitForURL('**/startfree');

    const phone = await newPage(browser, VIEWPORTS.phone);
    const phoneSocket = waitForLiveSocket(phone.page);
    await logInThroughForm(phone.page, account.email, account.password);
    await phone.page.waitForURL('**/startfree');
    await phoneSocket;
    await expect.poll(() => ringCredits(phone.page), { timeout: 15_000 }).toBe('12');
    // A marker that a reload would wipe: the updates must arrive in this very document.
    await phone.page.evaluate(() => Object.assign(window, { liveMarker: 'still here' }));

    const token = await tokenFromPage(laptop.page, account.email, account.password);
    await generateFromPage(laptop.page, token, 'fast');
    await expect.poll(() => ringCredits(phone.page), { timeout: 15_000 }).toBe('11');

    await buyCreditsFromPage(laptop.page, token, 5);
    await expect.poll(() => ringCredits(phone.page), { timeout: 15_000 }).toBe('16');
    // The plan changed too: the phone's menu now names Pro.
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await expect
      .poll(() => phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Parti — Pro' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect(phone.page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).resolves.toBe('still here');

    await laptop.context.close();
    await phone.context.close();
  });

  it('reconnects after the connection drops and catches up on what changed meanwhile', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    // Every live socket passes through this route, so the test can cut it like a network drop.
    const live: WebSocketRoute[] = [];
    let acceptReconnects = true;
    await page.routeWebSocket(/\/api\/realtime/, (socket) => {
      live.push(socket);
      if (acceptReconnects) socket.connectToServer();
      else void socket.close({ code: 1011, reason: 'network down' });
    });
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await expect.poll(() => ringCredits(page), { timeout: 15_000 }).toBe('12');
    await expect.poll(() => live.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // The connection drops and stays down while a change lands on another device.
    acceptReconnects = false;
    const attemptsBefore = live.length;
    await live.at(-1)!.close({ code: 1011, reason: 'network down' });
    const other = await newPage(browser, VIEWPORTS.desktop);
    await other.page.goto('/');
    const token = await tokenFromPage(other.page, account.email, account.password);
    await generateFromPage(other.page, token, 'fast');
    // The client keeps trying (with backoff) while the network is down.
    await expect.poll(() => live.length, { timeout: 15_000 }).toBeGreaterThan(attemptsBefore);
    expect(await ringCredits(page)).toBe('12');

    // The network comes back: the next attempt connects and the tab re-reads what it missed.
    acceptReconnects = true;
    await expect.poll(() => ringCredits(page), { timeout: 30_000 }).toBe('11');
    await other.context.close();
    await context.close();
  });

  it('closes the socket on sign-out', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const opened = waitForLiveSocket(page);
    await signUpThroughForm(page);
    const socket = await opened;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await page.waitForURL('**/startfree');
    await page.locator('nav.rail').getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await closed;
    expect(socket.isClosed()).toBe(true);
    await context.close();
  });
});
