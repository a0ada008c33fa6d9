/** Live-updates sockets for Worker tests: opened as the app opens them, closed after each test. */
import { afterEach, expect } from 'vitest';
import type { LiveMessage } from '#shared/live-types';
import type { JobSnapshot } from '#shared/job-types';
import { call, json, ORIGIN } from '../helpers';

export interface OpenSocket {
  socket: WebSocket;
  /** The user's unfinished jobs, which every socket is told first (docs/decisions/0038). */
  initialJobs: JobSnapshot[];
  /** The balance and plan as they were when it opened, which every socket is told next. */
  initialBalance: BalanceMessage;
  /** Every message after those two. */
  received: LiveMessage[];
  /** Resolves once `count` messages have arrived. */
  next: (count: number) => Promise<LiveMessage[]>;
}

type BalanceMessage = Extract<LiveMessage, { type: 'profile' | 'workspace' }>;

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

/** Opens a live socket for the user, waits for its greeting (the unfinished jobs, then the balance) and collects the rest. */
export async function connect(token: string): Promise<OpenSocket> {
  const response = await openWith(await ticketFor(token));
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error('no WebSocket in the 101 answer');
  socket.accept();
  opened.push(socket);
  const received: LiveMessage[] = [];
  const waiters: Array<() => void> = [];
  let initialJobs: JobSnapshot[] | null = null;
  let initialBalance: BalanceMessage | null = null;
  socket.addEventListener('message', (event) => {
    const data = String(event.data);
    if (data === 'pong') return;
    const message = JSON.parse(data) as LiveMessage;
    if (initialJobs === null && message.type === 'jobs') initialJobs = message.jobs;
    else if (initialJobs !== null && initialBalance === null && (message.type === 'profile' || message.type === 'workspace')) initialBalance = message;
    else received.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  while (initialJobs === null || initialBalance === null) await new Promise<void>((resolve) => waiters.push(resolve));
  const next = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received;
  };
  return { socket, initialJobs, initialBalance, received, next };
}
