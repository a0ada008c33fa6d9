import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '#shared/api-types';

/** Headers the /api/realtime route sets after it has verified the token; nothing else reaches the object. */
export const LIVE_HEADERS = {
  userId: 'X-Live-User',
  sessionId: 'X-Live-Session',
  /** Seconds since the epoch when the access token that opened the socket expires. */
  expiresAt: 'X-Live-Expires',
} as const;

/** What each socket remembers across hibernation. */
interface SocketAttachment {
  sessionId: string;
  expiresAt: number;
}

/** Keep-alive the client may send; answered by the runtime without waking the object. */
export const PING = 'ping';
export const PONG = 'pong';

/**
 * One object per user (addressed by user id), holding that user's open WebSockets through the
 * hibernation API: an idle object is evicted from memory while its sockets stay open, so a
 * thousand quiet tabs cost nothing until something changes.
 */
export class LiveUpdates extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  override async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(LIVE_HEADERS.userId);
    const sessionId = request.headers.get(LIVE_HEADERS.sessionId);
    const expiresAt = Number(request.headers.get(LIVE_HEADERS.expiresAt));
    if (!userId || !sessionId || !Number.isFinite(expiresAt)) return new Response(null, { status: 400 });
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 });

    const { 0: client, 1: server } = new WebSocketPair();
    // Tags let the object find one session's sockets later (for example to close them).
    this.ctx.acceptWebSocket(server, [userTag(userId), sessionTag(sessionId)]);
    server.serializeAttachment({ sessionId, expiresAt } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends a message to every open socket of this user; returns how many received it. */
  async push(message: LiveMessage): Promise<number> {
    const payload = JSON.stringify(message);
    const now = Date.now() / 1000;
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      // A socket outlives its token only until the next message: the client reconnects with a fresh one.
      if (!attachment || attachment.expiresAt <= now) {
        closeQuietly(socket, 4001, 'token expired');
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

  /** Closes the sockets one session opened (after sign-out). */
  async closeSession(sessionId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(sessionTag(sessionId))) closeQuietly(socket, 4000, 'signed out');
  }

  /** How many sockets are open; for tests and diagnostics. */
  async socketCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
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
