import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '#shared/api-types';
import { LIVE_HEADERS } from '../../../worker/realtime/live-updates';
import { notifyGenerations, notifyProfile } from '../../../worker/realtime/notify';
import { call, signUp } from '../helpers';

interface OpenSocket {
  socket: WebSocket;
  received: LiveMessage[];
  /** Resolves once `count` messages have arrived. */
  next: (count: number) => Promise<LiveMessage[]>;
}

const opened: WebSocket[] = [];

afterEach(() => {
  for (const socket of opened.splice(0)) {
    try {
      socket.close(1000, 'test over');
    } catch {
      // already closed
    }
  }
});

async function connect(token: string): Promise<OpenSocket> {
  const response = await call(`/api/realtime?token=${encodeURIComponent(token)}`, { headers: { Upgrade: 'websocket' } });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error('no WebSocket in the 101 answer');
  socket.accept();
  opened.push(socket);
  const received: LiveMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener('message', (event) => {
    const data = String(event.data);
    if (data === 'pong') return;
    received.push(JSON.parse(data) as LiveMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received;
  };
  return { socket, received, next };
}

/** A round trip through the object: once it returns, every earlier push has been sent. */
async function settle(userId: string): Promise<number> {
  return env.LIVE_UPDATES.getByName(userId).socketCount();
}

describe('GET /api/realtime', () => {
  it('refuses a connection without a token', async () => {
    const response = await call('/api/realtime', { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(401);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('not_authenticated');
  });

  it('refuses a forged or tampered token', async () => {
    const { token } = await signUp();
    for (const bad of ['not-a-jwt', `${token.slice(0, -4)}AAAA`]) {
      const response = await call(`/api/realtime?token=${encodeURIComponent(bad)}`, { headers: { Upgrade: 'websocket' } });
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
    }
  });

  it('refuses the token of a session that has signed out', async () => {
    const { token } = await signUp();
    expect((await call('/api/auth/logout', { method: 'POST', token })).status).toBe(204);
    const response = await call(`/api/realtime?token=${encodeURIComponent(token)}`, { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(401);
  });

  it('answers a plain request with a valid token with 426, not a socket', async () => {
    const { token } = await signUp();
    const response = await call(`/api/realtime?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(426);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('upgrade_required');
  });

  it('delivers profile and generations messages to every socket of that user and no one else', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const aliceTab = await connect(alice.token);
    const alicePhone = await connect(alice.token);
    const bobTab = await connect(bob.token);

    await notifyProfile(env, alice.user.id, { credits: 7, plan: 'pro' });
    await notifyGenerations(env, alice.user.id);

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

  it('only accepts sockets the route has vouched for', async () => {
    const stub = env.LIVE_UPDATES.getByName('someone');
    const response = await stub.fetch('https://live/', { headers: { Upgrade: 'websocket' } });
    expect(response.status).toBe(400);
    const vouched = await stub.fetch('https://live/', {
      headers: { [LIVE_HEADERS.userId]: 'someone', [LIVE_HEADERS.sessionId]: 's', [LIVE_HEADERS.expiresAt]: '1' },
    });
    expect(vouched.status).toBe(426);
  });

  it('closes a socket whose token has expired instead of sending to it', async () => {
    const stub = env.LIVE_UPDATES.getByName('expired-user');
    const response = await stub.fetch('https://live/', {
      headers: {
        Upgrade: 'websocket',
        [LIVE_HEADERS.userId]: 'expired-user',
        [LIVE_HEADERS.sessionId]: 'old',
        [LIVE_HEADERS.expiresAt]: String(Math.floor(Date.now() / 1000) - 1),
      },
    });
    const socket = response.webSocket!;
    socket.accept();
    opened.push(socket);
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    const messages: string[] = [];
    socket.addEventListener('message', (event) => messages.push(String(event.data)));
    expect(await stub.push({ type: 'generations' })).toBe(0);
    expect(await closed).toBe(4001);
    expect(messages).toEqual([]);
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
    await expect(notifyGenerations(broken, 'u1')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('does nothing harmful when the user has no open socket', async () => {
    await expect(notifyGenerations(env, 'nobody-connected')).resolves.toBeUndefined();
    expect(await env.LIVE_UPDATES.getByName('nobody-connected').push({ type: 'generations' })).toBe(0);
  });
});
