import type { Page, WebSocket, WebSocketRoute } from '@playwright/test';
import { buyCreditsFromPage, generateFromPage, tokenFromPage } from './accounts';
import { expect, logInThroughForm, signUpThroughForm, test, VIEWPORTS } from './fixtures';

/** The studio's credit ring shows the balance it knows; it changes only through live updates here. */
const ring = (page: Page) => page.locator('.studio-ring').first();

function waitForLiveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/api/realtime'), timeout: 15_000 });
}

test.describe('live updates between two devices of one user', () => {
  test('a purchase and a generation on one device update the other’s credit ring and plan without a reload', async ({ page: laptop, member, openPage }) => {
    const phone = await openPage({ viewport: VIEWPORTS.phone });
    const phoneSocket = waitForLiveSocket(phone);
    await logInThroughForm(phone, member);
    await phone.waitForURL('**/startfree');
    await phoneSocket;
    await expect(ring(phone)).toHaveAttribute('data-credits', '12');
    // A marker that a reload would wipe: the updates must arrive in this very document.
    await phone.evaluate(() => Object.assign(window, { liveMarker: 'still here' }));

    const token = await tokenFromPage(laptop, member.email, member.password);
    await generateFromPage(laptop, token, 'fast');
    await expect(ring(phone)).toHaveAttribute('data-credits', '11');

    await buyCreditsFromPage(laptop, token, 5);
    await expect(ring(phone)).toHaveAttribute('data-credits', '16');
    // The plan changed too: the phone's menu now names Pro.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect(phone.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Parti — Pro' })).toHaveCount(1);
    await expect.poll(() => phone.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('still here');
  });

  test('reconnects after the connection drops and catches up on what changed meanwhile', async ({ page, openPage }) => {
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
    await expect(ring(page)).toHaveAttribute('data-credits', '12');
    await expect.poll(() => live.length).toBeGreaterThan(0);

    // The connection drops and stays down while a change lands on another device.
    acceptReconnects = false;
    const attemptsBefore = live.length;
    await live.at(-1)!.close({ code: 1011, reason: 'network down' });
    const other = await openPage();
    await other.goto('/');
    const token = await tokenFromPage(other, account.email, account.password);
    await generateFromPage(other, token, 'fast');
    // The client keeps trying (with backoff) while the network is down.
    await expect.poll(() => live.length).toBeGreaterThan(attemptsBefore);
    await expect(ring(page)).toHaveAttribute('data-credits', '12');

    // The network comes back: the next attempt connects and the tab re-reads what it missed.
    acceptReconnects = true;
    await expect(ring(page)).toHaveAttribute('data-credits', '11', { timeout: 30_000 });
  });

  test('closes the socket on sign-out', async ({ page }) => {
    const opened = waitForLiveSocket(page);
    await signUpThroughForm(page);
    const socket = await opened;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await page.waitForURL('**/startfree');
    await page.locator('nav.rail').getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await closed;
    expect(socket.isClosed()).toBe(true);
  });
});
