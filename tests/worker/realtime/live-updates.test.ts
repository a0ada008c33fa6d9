import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '#shared/live-types';
import { LIVE_HEADERS, type LiveUpdates } from '../../../worker/realtime/live-updates';
import { notifyGenerations, notifyProfile } from '../../../worker/platform/notify';
import { call, ORIGIN, refreshCookie, signUp } from '../helpers';
import { closeSocketsAfterEach, connect, openWith, ticketFor, track, UPGRADE, type OpenSocket } from './sockets';

closeSocketsAfterEach();

/** A round trip through the object: once it returns, every earlier push has been sent. */
async function settle(userId: string): Promise<number> {
  return env.LIVE_UPDATES.getByName(userId).socketCount();
}

describe('GET /api/realtime', () => {
  it('issues a one-time ticket that lives 30 seconds', async () => {
    const user = await signUp();
    const response = await call('/api/realtime/ticket', { method: 'POST', token: user.token });
    expect(response.status).toBe(200);
    expect((await response.json<{ ticket: string; expiresIn: number }>()).expiresIn).toBe(30);
  });

  it('refuses a connection without a ticket', async () => {
    const response = await call('/api/realtime', { headers: UPGRADE });
    expect(response.status).toBe(401);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('not_authenticated');
  });

  it('no longer accepts the access token in the URL', async () => {
    const { token } = await signUp();
    const response = await call(`/api/realtime?token=${encodeURIComponent(token)}`, { headers: UPGRADE });
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });

  it('issues tickets only for a valid Bearer token', async () => {
    expect((await call('/api/realtime/ticket', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/realtime/ticket', { method: 'POST', token: 'not-a-jwt' })).status).toBe(401);
  });

  it('refuses a forged ticket, another user\'s id on a real secret, and a ticket used twice', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const ticket = await ticketFor(alice.token);
    const secret = ticket.split('.')[1]!;
    for (const bad of ['nonsense', `${alice.user.id}.${'A'.repeat(43)}`, `${bob.user.id}.${secret}`]) {
      const response = await openWith(bad);
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
    }
    const first = await openWith(ticket);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    track(first.webSocket!);
    const replay = await openWith(ticket);
    expect(replay.status).toBe(401);
    expect(await settle(alice.user.id)).toBe(1);
  });

  it('refuses an upgrade from another origin or without one, keeping the ticket unused', async () => {
    const user = await signUp();
    const ticket = await ticketFor(user.token);
    const attempts: Array<Record<string, string>> = [{ Upgrade: 'websocket', Origin: 'https://evil.example' }, { Upgrade: 'websocket' }];
    for (const headers of attempts) {
      const response = await openWith(ticket, headers);
      expect(response.status).toBe(403);
      expect(response.webSocket).toBeNull();
    }
    expect((await openWith(ticket)).status).toBe(101);
  });

  it('refuses the ticket of a session that has signed out', async () => {
    const { token, cookie } = await signUp();
    const ticket = await ticketFor(token);
    expect((await call('/api/auth/logout', { method: 'POST', token, cookie })).status).toBe(204);
    expect((await openWith(ticket)).status).toBe(401);
    expect((await call('/api/realtime/ticket', { method: 'POST', token })).status).toBe(401);
  });

  it('answers a plain request with a valid ticket with 426, not a socket', async () => {
    const { token } = await signUp();
    const response = await openWith(await ticketFor(token), { Origin: ORIGIN });
    expect(response.status).toBe(426);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('upgrade_required');
  });

  it('holds at most 20 sockets per user: 25 opened, the 5 oldest closed with 4002', async () => {
    const user = await signUp();
    const tabs: OpenSocket[] = [];
    const codes: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const tab = await connect(user.token);
      const index = i;
      tab.socket.addEventListener('close', (event) => (codes[index] = event.code));
      tabs.push(tab);
    }
    expect(await settle(user.user.id)).toBe(20);
    await notifyGenerations(env, { userId: user.user.id, workspaceId: null });
    await tabs[24]!.next(1);
    expect(tabs.slice(0, 5).every((tab) => tab.received.length === 0)).toBe(true);
    await vi.waitFor(() => expect(codes.slice(0, 5)).toEqual([4002, 4002, 4002, 4002, 4002]));
  });

  it('closes the sockets of a session revoked by refresh-token reuse', async () => {
    const user = await signUp();
    const tab = await connect(user.token);
    const closed = new Promise<number>((resolve) => tab.socket.addEventListener('close', (event) => resolve(event.code)));
    const rotated = await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(rotated.status).toBe(200);
    const successor = refreshCookie(rotated);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: successor })).status).toBe(200);
    // The first refresh token after its successor was used too: it leaked, the session is revoked,
    // and so is its socket (a retry inside the reuse window would have got the successor back).
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    expect(await closed).toBe(4000);
    expect(await settle(user.user.id)).toBe(0);
  });

  it('delivers profile and generations messages to every socket of that user and no one else', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const aliceTab = await connect(alice.token);
    const alicePhone = await connect(alice.token);
    const bobTab = await connect(bob.token);

    await notifyProfile(env, alice.user.id, { credits: 7, plan: 'pro' });
    await notifyGenerations(env, { userId: alice.user.id, workspaceId: null });

    const expected: LiveMessage[] = [{ type: 'profile', credits: 7, plan: 'pro' }, { type: 'generations' }];
    expect(await aliceTab.next(2)).toEqual(expected);
    expect(await alicePhone.next(2)).toEqual(expected);
    expect(await settle(bob.user.id)).toBe(1);
    expect(bobTab.received).toEqual([]);
  });

  it('tells the tab about a real credit change: a generation charges and pushes the new balance', async () => {
    const user = await signUp();
    const tab = await connect(user.token);
    const response = await call('/api/generate', {
      method: 'POST',
      token: user.token,
      body: { prompt: 'A timber pavilion in a birch forest at dusk', model: 'fast', aspectRatio: '1:1', numberOfViews: 1, isRefinement: false, referenceImages: [] },
    });
    expect(response.status).toBe(200);
    const messages = await tab.next(2);
    expect(messages).toContainEqual({ type: 'profile', credits: 11, plan: 'free' });
    expect(messages).toContainEqual({ type: 'generations' });
  });

  it('greets a new socket with the balance as it is now: a charge made before it opened is not lost', async () => {
    const user = await signUp();
    const before = await connect(user.token);
    expect(before.initialBalance).toEqual({ type: 'profile', credits: 12, plan: 'free' });
    before.socket.close(1000, 'tab closed');
    const response = await call('/api/generate', {
      method: 'POST',
      token: user.token,
      body: { prompt: 'A timber pavilion in a birch forest at dusk', model: 'fast', aspectRatio: '1:1', numberOfViews: 1, isRefinement: false, referenceImages: [] },
    });
    expect(response.status).toBe(200);
    const after = await connect(user.token);
    expect(after.initialBalance).toEqual({ type: 'profile', credits: 11, plan: 'free' });
    expect(after.received).toEqual([]);
  });

  it('answers pings without waking the object (auto-response) and ignores other input', async () => {
    const user = await signUp();
    const tab = await connect(user.token);
    const pong = new Promise<string>((resolve) => tab.socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true }));
    tab.socket.send('ping');
    expect(await pong).toBe('pong');
  });
});

describe('the LiveUpdates object', () => {
  it('accepts sockets through the hibernation API, tagged by user and session', async () => {
    const user = await signUp();
    await connect(user.token);
    await connect(user.token);
    const stub = env.LIVE_UPDATES.getByName(user.user.id);
    expect(await stub.socketCount()).toBe(2);
    // Tagged sockets are what getWebSockets(tag) finds: closing one session closes both of its sockets.
    const sessionId = (JSON.parse(atob(user.token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sid: string }).sid;
    await stub.closeSession(sessionId);
    expect(await stub.socketCount()).toBe(0);
  });

  it('sends nothing to a socket it has closed and the client has not yet let go of, and says nothing of it', async () => {
    const user = await signUp();
    await connect(user.token);
    const stub = env.LIVE_UPDATES.getByName(user.user.id);
    const warnings = vi.spyOn(console, 'warn');
    const sessionId = (JSON.parse(atob(user.token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sid: string }).sid;
    // Closed and pushed to in one turn of the object: the client has had no turn to answer the close.
    const delivered = await runInDurableObject(stub, async (live: LiveUpdates) => {
      await live.closeSession(sessionId);
      return live.push({ type: 'generations' });
    });
    expect(delivered).toBe(0);
    expect(warnings.mock.calls.filter(([message]) => String(message).startsWith('live update'))).toEqual([]);
    warnings.mockRestore();
  });

  it('closes the sockets of a session when it signs out, and leaves its other sessions open', async () => {
    const user = await signUp();
    const other = await call('/api/auth/login', { method: 'POST', body: { email: user.email, password: user.password } });
    const otherToken = (await other.json<{ session: { access_token: string } }>()).session.access_token;
    await connect(user.token);
    await connect(otherToken);
    const stub = env.LIVE_UPDATES.getByName(user.user.id);
    expect(await stub.socketCount()).toBe(2);

    const response = await call('/api/auth/logout', { method: 'POST', cookie: user.cookie, token: user.token });
    expect(response.status).toBe(204);
    expect(await stub.socketCount()).toBe(1);
  });

  it('only accepts sockets the route has vouched for with a ticket it issued', async () => {
    const stub = env.LIVE_UPDATES.getByName('someone');
    const response = await stub.fetch('https://live/', { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(400);
    const unknown = await stub.fetch('https://live/', {
      headers: { Upgrade: 'websocket', [LIVE_HEADERS.userId]: 'someone', [LIVE_HEADERS.ticket]: 'B'.repeat(43) },
    });
    expect(unknown.status).toBe(401);
  });

  it('closes a socket whose token has expired instead of sending to it', async () => {
    const stub = env.LIVE_UPDATES.getByName('expired-user');
    // Two seconds: with one, a loaded machine reached the upgrade after the token had expired (401).
    const secret = await stub.issueTicket('old', Math.floor(Date.now() / 1000) + 2);
    const response = await stub.fetch('https://live/', {
      headers: { Upgrade: 'websocket', [LIVE_HEADERS.userId]: 'expired-user', [LIVE_HEADERS.ticket]: secret },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    track(socket);
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    // The token behind the ticket expires within two seconds; pushes until then are delivered.
    await vi.waitFor(async () => expect(await stub.push({ type: 'generations' })).toBe(0), { timeout: 5000, interval: 200 });
    expect(await closed).toBe(4001);
  });
});

describe('notify', () => {
  it('swallows and logs a failure to reach the object, so the caller’s write stands', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      ...env,
      LIVE_UPDATES: {
        getByName: () => ({
          push: () => Promise.reject(new Error('object unreachable')),
        }),
      },
    } as unknown as Env;
    await expect(notifyProfile(broken, 'u1', { credits: 1, plan: 'free' })).resolves.toBeUndefined();
    await expect(notifyGenerations(broken, { userId: 'u1', workspaceId: null })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('does nothing harmful when the user has no open socket', async () => {
    await expect(notifyGenerations(env, { userId: 'nobody-connected', workspaceId: null })).resolves.toBeUndefined();
    expect(await env.LIVE_UPDATES.getByName('nobody-connected').push({ type: 'generations' })).toBe(0);
  });
});
