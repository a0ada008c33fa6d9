/** Live-updates sockets for Worker tests: opened as the app opens them, closed after each test. */
import { afterEach, expect } from 'vitest';
import type { LiveMessage } from '#shared/api-types';
import { call, json, ORIGIN } from '../helpers';

export interface OpenSocket {
  socket: WebSocket;
  received: LiveMessage[];
  /** Resolves once `count` messages have arrived. */
  next: (count: number) => Promise<LiveMessage[]>;
}

export const UPGRADE = { Upgrade: 'websocket', Origin: ORIGIN };

const opened: WebSocket[] = [];

/** Closes a socket the test opened by other means, with the rest, after the test. */
export function track(socket: WebSocket): WebSocket {
  opened.push(socket);
  return socket;
}

/** Closes every socket a test opened; call once at the top of a test file. */
export function closeSocketsAfterEach(): void {
  afterEach(() => {
    for (const socket of opened.splice(0)) {
      try {
        socket.close(1000, 'test over');
      } catch {
        // already closed
      }
    }
  });
}

/** Trades the access token for a one-time ticket, as the app does before opening a socket. */
export async function ticketFor(token: string): Promise<string> {
  const response = await call('/api/realtime/ticket', { method: 'POST', token });
  expect(response.status).toBe(200);
  return (await json<{ ticket: string; expiresIn: number }>(response)).ticket;
}

export function openWith(ticket: string, headers: Record<string, string> = UPGRADE): Promise<Response> {
  return call(`/api/realtime?ticket=${encodeURIComponent(ticket)}`, { headers });
}

/** Opens a live socket for the user and collects what it is told. */
export async function connect(token: string): Promise<OpenSocket> {
  const response = await openWith(await ticketFor(token));
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
