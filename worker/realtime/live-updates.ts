import { DurableObject } from 'cloudflare:workers';
import { isJobEnded } from '#shared/job-types';
import { LIVE_CLOSE_CODES, type LiveMessage } from '#shared/live-types';
import type { Plan } from '#shared/plans';
import {
  JOB_WAIT_MAX_SECONDS,
  MAX_LIVE_SOCKETS_PER_USER,
  MAX_OPEN_TICKETS_PER_USER,
  MAX_WAITERS_PER_JOB,
  MAX_WAITERS_PER_USER,
  REALTIME_TICKET_TTL_SECONDS,
} from '../platform/limits';
import { toBase64Url } from '../platform/base64';
import type { JobWaitOutcome } from '../platform/notify';
import { createDatabase } from '../db/client';
import { spaceBalance, type SpaceRef } from '../platform/space';
import { jobHasEnded, unfinishedJobSnapshots } from '../generation';

/** Headers the /api/realtime route sets; nothing else reaches the object. */
export const LIVE_HEADERS = {
  /** The user whose own object this is (a personal ticket). */
  userId: 'X-Live-User',
  /** The workspace whose object this is (a workspace's ticket, docs/decisions/0096-workspaces.md). */
  workspaceId: 'X-Live-Workspace',
  /** The one-time ticket (its secret part) the socket is opened with. */
  ticket: 'X-Live-Ticket',
} as const;

/** Close codes the client tells apart (shared/live-types.ts). */
const CLOSE_CODES = LIVE_CLOSE_CODES;

/** The balance message of a space: the user's `profile`, or the workspace pool's `workspace`. */
function balanceMessage(space: SpaceRef, balance: { credits: number; plan: Plan }): LiveMessage {
  return space.workspaceId !== null ? { type: 'workspace', workspaceId: space.workspaceId, ...balance } : { type: 'profile', ...balance };
}

/** What each socket remembers across hibernation. */
interface SocketAttachment {
  sessionId: string;
  /** Seconds since the epoch when the access token the ticket was issued for expires. */
  expiresAt: number;
  /** Milliseconds since the epoch; the oldest socket is closed first over the cap. */
  openedAt: number;
}

/** A ticket waiting to be used, in the object's own storage under `ticket:<secret>`. */
interface TicketRecord {
  sessionId: string;
  expiresAt: number;
  validUntil: number;
  /** Whose socket it opens, in a workspace's object; absent in a user's own (the object is theirs). */
  userId?: string;
  workspaceId?: string;
}

/** Who a workspace's ticket is for. */
export interface TicketHolder {
  userId: string;
  workspaceId: string;
}

const TICKET_PREFIX = 'ticket:';

/** A request waiting for a job to end; `settle` answers it once and forgets it. */
interface JobWaiter {
  jobId: string;
  settle: (outcome: JobWaitOutcome) => void;
}

interface JobWaitRequest {
  userId: string;
  jobId: string;
  /** Chosen by the waiting request, which names it again to let go (releaseWaiter). */
  waiterId: string;
  timeoutMs: number;
}

/** Keep-alive the client may send; answered by the runtime without waking the object. */
const PING = 'ping';
const PONG = 'pong';

/**
 * One object per user (addressed by user id), holding that user's open WebSockets through the
 * hibernation API: an idle object is evicted from memory while its sockets stay open, so a
 * thousand quiet tabs cost nothing until something changes. A team workspace has one too
 * (addressed `workspace:<id>`, docs/decisions/0096-workspaces.md): every member's sockets on it,
 * tagged by user, so one push reaches them all and a removed member's close at once.
 */
export class LiveUpdates extends DurableObject<Env> {
  /**
   * Requests waiting for a job to end (docs/decisions/0083). Memory only: each one holds a pending
   * call, which keeps the object awake while it waits; with none left, no timer or call remains
   * and the object hibernates as before.
   */
  private readonly waiters = new Map<string, JobWaiter>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /**
   * Issues a ticket for one socket of `sessionId`: valid REALTIME_TICKET_TTL_SECONDS, used once.
   * The access token never travels in a URL (where logs and history keep it); the ticket does.
   */
  async issueTicket(sessionId: string, expiresAt: number, holder?: TicketHolder): Promise<string> {
    const now = Date.now();
    const kv = this.ctx.storage.kv;
    const waiting: Array<[string, TicketRecord]> = [];
    for (const [key, record] of kv.list<TicketRecord>({ prefix: TICKET_PREFIX })) {
      if (record.validUntil <= now) kv.delete(key);
      else if (record.userId === holder?.userId) waiting.push([key, record]);
    }
    waiting.sort((a, b) => a[1].validUntil - b[1].validUntil);
    for (const [key] of waiting.slice(0, Math.max(0, waiting.length - MAX_OPEN_TICKETS_PER_USER + 1))) kv.delete(key);
    const secret = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    const validUntil = now + REALTIME_TICKET_TTL_SECONDS * 1000;
    kv.put(TICKET_PREFIX + secret, { sessionId, expiresAt, validUntil, ...holder } satisfies TicketRecord);
    return secret;
  }

  override async fetch(request: Request): Promise<Response> {
    const ownerId = request.headers.get(LIVE_HEADERS.userId);
    const workspaceId = request.headers.get(LIVE_HEADERS.workspaceId);
    const secret = request.headers.get(LIVE_HEADERS.ticket);
    if ((!ownerId && !workspaceId) || !secret) return new Response(null, { status: 400 });
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 });
    // Read and delete in one synchronous step: two requests racing with one ticket get one socket.
    const kv = this.ctx.storage.kv;
    const ticket = kv.get<TicketRecord>(TICKET_PREFIX + secret);
    if (ticket) kv.delete(TICKET_PREFIX + secret);
    const now = Date.now();
    if (!ticket || ticket.validUntil <= now || ticket.expiresAt <= now / 1000) return new Response(null, { status: 401 });
    // A workspace's ticket opens only its workspace's socket, a user's own only theirs.
    const userId = ticket.userId ?? ownerId;
    if (!userId || (ticket.workspaceId ?? null) !== workspaceId) return new Response(null, { status: 401 });

    const { 0: client, 1: server } = new WebSocketPair();
    // Tags let the object find one session's or one user's sockets later (to close them).
    this.ctx.acceptWebSocket(server, [userTag(userId), sessionTag(ticket.sessionId)]);
    server.serializeAttachment({ sessionId: ticket.sessionId, expiresAt: ticket.expiresAt, openedAt: now } satisfies SocketAttachment);
    this.closeOldestOverCap(userId);
    await this.greet(server, workspaceId ? { userId: '', workspaceId } : { userId, workspaceId: null });
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A new socket first learns the running jobs, read from D1 (docs/decisions/0038): the user's own,
   * or every member's in a workspace. A reloaded tab or another device shows them at once, then
   * follows their `job` messages; a tab that holds a job as running which the list lacks knows it
   * ended before this socket opened, and reads it again (frontend/realtime/store.ts). Then the
   * balance and plan as they are now: a change that landed after the page read them but before this
   * socket opened was told to no one.
   */
  private async greet(socket: WebSocket, space: SpaceRef): Promise<void> {
    try {
      const db = createDatabase(this.env.DB);
      const [jobs, balance] = await Promise.all([unfinishedJobSnapshots({ db, signingSecret: this.env.MEDIA_SIGNING_SECRET }, space), spaceBalance(db, space)]);
      socket.send(JSON.stringify({ type: 'jobs', jobs } satisfies LiveMessage));
      if (balance) socket.send(JSON.stringify(balanceMessage(space, balance)));
    } catch (error) {
      console.warn('live update: the greeting could not be sent', error);
    }
  }

  /** At most MAX_LIVE_SOCKETS_PER_USER open sockets of one user: the oldest go first. */
  private closeOldestOverCap(userId: string): void {
    const open = this.ctx
      .getWebSockets(userTag(userId))
      .filter((socket) => socket.readyState === WebSocket.OPEN)
      .map((socket) => ({ socket, openedAt: (socket.deserializeAttachment() as SocketAttachment | null)?.openedAt ?? 0 }));
    if (open.length <= MAX_LIVE_SOCKETS_PER_USER) return;
    open.sort((a, b) => a.openedAt - b.openedAt);
    for (const { socket } of open.slice(0, open.length - MAX_LIVE_SOCKETS_PER_USER)) {
      closeQuietly(socket, CLOSE_CODES.tooManySockets, 'too many live connections');
    }
  }

  /**
   * Holds a request until the job ends (a `job` message says so), `timeoutMs` passes (at most
   * JOB_WAIT_MAX_SECONDS) or the request lets go; over MAX_WAITERS_PER_JOB waiters on the job or
   * MAX_WAITERS_PER_USER on all of them it answers 'refused' at once.
   */
  async awaitJobEnd(request: JobWaitRequest): Promise<JobWaitOutcome> {
    const { jobId, waiterId } = request;
    const onJob = [...this.waiters.values()].filter((waiter) => waiter.jobId === jobId).length;
    if (this.waiters.has(waiterId) || onJob >= MAX_WAITERS_PER_JOB || this.waiters.size >= MAX_WAITERS_PER_USER) return 'refused';
    const timeoutMs = Math.min(Math.max(0, request.timeoutMs), JOB_WAIT_MAX_SECONDS * 1000);
    const outcome = new Promise<JobWaitOutcome>((resolve) => {
      const timer = setTimeout(() => this.settleWaiter(waiterId, 'timeout'), timeoutMs);
      const settle = (result: JobWaitOutcome) => {
        clearTimeout(timer);
        this.waiters.delete(waiterId);
        resolve(result);
      };
      this.waiters.set(waiterId, { jobId, settle });
    });
    // A job that ended before this waiter was registered was told to nobody: read it once. Any
    // end written after this read reaches push() after the registration above.
    try {
      if (await jobHasEnded(createDatabase(this.env.DB), request.userId, jobId)) this.settleWaiter(waiterId, 'ended');
    } catch (error) {
      console.warn('live update: the job could not be read for a waiter', error);
    }
    return outcome;
  }

  /** Lets a waiter go (its client hung up); a waiter already answered is not there any more. */
  async releaseWaiter(waiterId: string): Promise<void> {
    this.settleWaiter(waiterId, 'released');
  }

  /** How many requests wait, on one job or on all; for tests and diagnostics. */
  async waiterCount(jobId?: string): Promise<number> {
    return [...this.waiters.values()].filter((waiter) => jobId === undefined || waiter.jobId === jobId).length;
  }

  private settleWaiter(waiterId: string, outcome: JobWaitOutcome): void {
    this.waiters.get(waiterId)?.settle(outcome);
  }

  /**
   * Sends a message to every open socket here (and answers the waiters of a job that ended);
   * returns how many sockets received it. `waitersOnly`: a workspace's job told to its maker's
   * object, whose waiting requests need it though its sockets (the personal space's) do not.
   */
  async push(message: LiveMessage, waitersOnly = false): Promise<number> {
    if (message.type === 'job' && isJobEnded(message.job.status)) {
      for (const [waiterId, waiter] of this.waiters) if (waiter.jobId === message.job.id) this.settleWaiter(waiterId, 'ended');
    }
    if (waitersOnly) return 0;
    const payload = JSON.stringify(message);
    const now = Date.now() / 1000;
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      // A socket this object has closed (a sign-out, an expired token) stays in the list until the
      // client answers the close; a send to it throws.
      if (socket.readyState !== WebSocket.OPEN) continue;
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      // A socket outlives its token only until the next message: the client reconnects with a fresh one.
      if (!attachment || attachment.expiresAt <= now) {
        closeQuietly(socket, CLOSE_CODES.tokenExpired, 'token expired');
        continue;
      }
      try {
        socket.send(payload);
        delivered += 1;
      } catch (error) {
        console.warn('live update: send failed', error);
      }
    }
    return delivered;
  }

  /** Closes the sockets one session opened and drops its unused tickets (sign-out, revocation). */
  async closeSession(sessionId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(sessionTag(sessionId))) closeQuietly(socket, CLOSE_CODES.signedOut, 'signed out');
    const kv = this.ctx.storage.kv;
    for (const [key, record] of kv.list<TicketRecord>({ prefix: TICKET_PREFIX })) {
      if (record.sessionId === sessionId) kv.delete(key);
    }
  }

  /**
   * Closes a user's sockets here and drops their unused tickets: a member removed from the
   * workspace (or who left) hears nothing more of it, at once.
   */
  async closeUser(userId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userTag(userId))) closeQuietly(socket, CLOSE_CODES.removedFromWorkspace, 'removed from the workspace');
    const kv = this.ctx.storage.kv;
    for (const [key, record] of kv.list<TicketRecord>({ prefix: TICKET_PREFIX })) {
      if (record.userId === userId) kv.delete(key);
    }
  }

  /** How many sockets are open; for tests and diagnostics. */
  async socketCount(): Promise<number> {
    return this.ctx.getWebSockets().filter((socket) => socket.readyState === WebSocket.OPEN).length;
  }

  // The client only ever sends pings, which the auto-response answers; anything else is ignored.
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    closeQuietly(socket, 1011, 'error');
  }
}

function userTag(userId: string): string {
  return `user:${userId}`;
}

function sessionTag(sessionId: string): string {
  return `session:${sessionId}`;
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closing or closed: nothing to do.
  }
}
