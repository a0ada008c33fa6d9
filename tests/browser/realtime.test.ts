import type { Page, WebSocket, WebSocketRoute } from '@playwright/test';
import { apiBuyCredits, apiGenerate } from './api';
import { expect, test, VIEWPORTS } from './fixtures';

/** The longest wait between two reconnection attempts (RECONNECT_MAX_MS, frontend/realtime/store.ts). */
const RECONNECT_MAX_MS = 30_000;

/** The studio's credit ring shows the balance it knows; it changes only through live updates here. */
const ring = (page: Page) => page.locator('.studio-ring').first();

function waitForLiveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/api/realtime'), timeout: 15_000 });
}

test.describe('live updates between two devices of one user', () => {
  test('a purchase and a generation on one device update the other’s credit ring and plan without a reload', async ({ member, openPage }) => {
    const phone = await openPage({ viewport: VIEWPORTS.phone, signedInAs: member });
    const phoneSocket = waitForLiveSocket(phone);
    await phone.goto('/startfree');
    await phoneSocket;
    await expect(ring(phone)).toHaveAttribute('data-credits', '12');
    // A marker that a reload would wipe: the updates must arrive in this very document.
    await phone.evaluate(() => Object.assign(window, { liveMarker: 'still here' }));

    // The other device: the member's API session, as the laptop's tab would call it.
    await apiGenerate(member, 'A timber pavilion in a birch forest at dusk, warm light through slatted walls');
    await expect(ring(phone)).toHaveAttribute('data-credits', '11');

    await apiBuyCredits(member, 5);
    await expect(ring(phone)).toHaveAttribute('data-credits', '16');
    // The plan changed too: the phone's menu now names Pro.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect(phone.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Parti — Pro' })).toHaveCount(1);
    await expect.poll(() => phone.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('still here');
  });

  test('reconnects after the connection drops and catches up on what changed meanwhile', async ({ page, member }) => {
    // Every live socket passes through this route, so the test can cut it like a network drop.
    const live: WebSocketRoute[] = [];
    let acceptReconnects = true;
    await page.routeWebSocket(/\/api\/realtime/, (socket) => {
      live.push(socket);
      if (acceptReconnects) socket.connectToServer();
      else void socket.close({ code: 1011, reason: 'network down' });
    });
    // The reconnection's backoff runs on the page's clock, which the test moves on.
    await page.clock.install();
    await page.goto('/startfree');
    await expect(ring(page)).toHaveAttribute('data-credits', '12');
    await expect.poll(() => live.length).toBeGreaterThan(0);

    // The connection drops and stays down while a change lands on another device.
    acceptReconnects = false;
    const attemptsBefore = live.length;
    await live.at(-1)!.close({ code: 1011, reason: 'network down' });
    await apiGenerate(member, 'A timber pavilion in a birch forest at dusk, warm light through slatted walls');
    // The client keeps trying (with backoff) while the network is down.
    await page.clock.runFor(RECONNECT_MAX_MS);
    await expect.poll(() => live.length).toBeGreaterThan(attemptsBefore);
    await expect(ring(page)).toHaveAttribute('data-credits', '12');

    // The network comes back: the next attempt connects and the tab re-reads what it missed.
    acceptReconnects = true;
    await page.clock.runFor(RECONNECT_MAX_MS);
    await expect(ring(page)).toHaveAttribute('data-credits', '11');
  });

  test('closes the socket on sign-out', async ({ page, member }) => {
    const opened = waitForLiveSocket(page);
    await page.goto('/startfree');
    const socket = await opened;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await page.locator('nav.rail').getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await closed;
    expect(socket.isClosed()).toBe(true);
  });
});
