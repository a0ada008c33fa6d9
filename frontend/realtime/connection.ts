/**
 * One live socket (docs/decisions/0019): GET /api/realtime opened with a one-time ticket from POST
 * /api/realtime/ticket (the token stays out of URLs), kept alive with pings, reopened with backoff
 * after a drop and with a fresh token after a renewal. A tab holds the user's personal socket and,
 * in a team workspace, the workspace's (docs/decisions/0098-workspaces-app.md); what a message
 * does is its channel's (realtime/store.ts).
 */
import { LIVE_CLOSE_CODES, type LiveMessage } from '#shared/live-types';
import { api, ok, withoutToken } from '../api/client';
import { useAuth } from '../auth/store';

/**
 * Where a live connection stands, for screens that say so (the studio's connection notice):
 * `idle` while signed out, `connecting` until the first socket opens, `open`, and `down` after a
 * drop or a failed attempt, until a reconnect opens it again.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

/** What a connection is for, and what its events do. */
export interface LiveChannel {
  /** The workspace whose socket it is; null: the user's personal socket. */
  workspaceId: string | null;
  isMessage(value: unknown): value is LiveMessage;
  onMessage(message: LiveMessage): void;
  /** Open again after a drop: re-read what may have changed while no message could arrive. */
  onResumed(): void;
  /** The socket closed without being asked to. */
  onDropped(): void;
  onStatus?(status: LiveStatus): void;
  /** The object closed the socket because the user is no longer a member of its workspace (4003). */
  onRemoved?(): void;
}

const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** Keeps idle connections alive through proxies; the object answers without waking up. */
const PING_INTERVAL_MS = 30_000;
/** After this many failed reconnects in a row the client renews its session before trying again. */
const RENEW_AFTER_FAILED_ATTEMPTS = 3;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The socket's address: a one-time ticket in the query, never the access token. */
export function realtimeUrl(ticket: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/realtime?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Trades the access token (as a Bearer header) for a ticket valid 30 s, used once: for the user's
 * personal socket, or for a workspace's (any member may open one).
 */
async function fetchTicket(token: string, workspaceId: string | null = null): Promise<string> {
  // The socket opens for this token, not whichever the session holds by now: sent as given, never renewed here.
  const headers = { Authorization: `Bearer ${token}` };
  const query = workspaceId === null ? undefined : { query: { workspaceId } };
  const { ticket } = await ok(api.realtime.ticket.$post(query, { ...withoutToken, headers }));
  return ticket;
}

export class LiveConnection {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Set after a drop: once back, re-read what may have changed in between. */
  private missedUpdates = false;
  /** Counts open() and close() calls: a ticket that arrives after a newer call is dropped. */
  private generation = 0;
  private connecting = false;
  private status: LiveStatus = 'idle';

  constructor(private readonly channel: LiveChannel) {}

  private setStatus(status: LiveStatus): void {
    this.status = status;
    this.channel.onStatus?.(status);
  }

  /** Opens a socket for `token` (through a ticket), replacing any socket opened with another one. */
  open(token: string): void {
    if (this.token === token && (this.socket || this.connecting)) return;
    const reconnecting = this.status === 'down';
    this.close();
    this.token = token;
    this.connecting = true;
    // A reconnect after a drop stays `down` until it opens.
    this.setStatus(reconnecting ? 'down' : 'connecting');
    const generation = this.generation;
    void fetchTicket(token, this.channel.workspaceId).then(
      (ticket) => {
        if (generation !== this.generation) return;
        this.connecting = false;
        const socket = new WebSocket(realtimeUrl(ticket));
        this.socket = socket;
        socket.addEventListener('open', () => this.onOpen(socket));
        socket.addEventListener('message', (event) => this.onMessage(event));
        socket.addEventListener('close', (event) => this.onClose(socket, event.code));
      },
      () => {
        if (generation !== this.generation) return;
        // Offline, or the token was refused: try again with backoff (renewing after a few failures).
        this.connecting = false;
        this.token = null;
        this.missedUpdates = true;
        this.setStatus('down');
        this.scheduleReconnect(false);
      },
    );
  }

  /** Closes on purpose (sign-out, token replaced): no reconnect follows. */
  close(): void {
    this.generation += 1;
    this.connecting = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    this.token = null;
    if (socket && socket.readyState < WebSocket.CLOSING) socket.close(1000, 'closed by the app');
    this.setStatus('idle');
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private onOpen(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.attempt = 0;
    this.setStatus('open');
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send('ping');
    }, PING_INTERVAL_MS);
    if (this.missedUpdates) {
      this.missedUpdates = false;
      this.channel.onResumed();
    }
  }

  private onMessage(event: MessageEvent): void {
    if (typeof event.data !== 'string' || event.data === 'pong') return;
    try {
      const message: unknown = JSON.parse(event.data);
      if (this.channel.isMessage(message)) this.channel.onMessage(message);
    } catch (error) {
      console.warn('live update: unreadable message', error);
    }
  }

  private onClose(socket: WebSocket, code: number): void {
    if (socket !== this.socket) return;
    clearInterval(this.pingTimer);
    this.socket = null;
    this.token = null;
    this.missedUpdates = true;
    this.channel.onDropped();
    // The user has 20 newer tabs or devices open: this, the oldest, stays closed (on purpose, not a drop).
    if (code === LIVE_CLOSE_CODES.tooManySockets) return this.setStatus('idle');
    // No longer a member of the socket's workspace (removed, or left): nothing to come back to.
    if (code === LIVE_CLOSE_CODES.removedFromWorkspace) {
      this.setStatus('idle');
      return this.channel.onRemoved?.();
    }
    this.setStatus('down');
    this.scheduleReconnect(code === LIVE_CLOSE_CODES.tokenExpired);
  }

  private scheduleReconnect(tokenExpired: boolean): void {
    clearTimeout(this.reconnectTimer);
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => void this.reconnect(tokenExpired), delay);
  }

  private async reconnect(tokenExpired: boolean): Promise<void> {
    const auth = useAuth.getState();
    if (auth.status !== 'signedIn') return;
    const nearlyExpired = auth.expiresAt - Date.now() / 1000 < 30;
    // Repeated failures may mean the session was revoked: a renewal finds out (and signs out).
    const renewFirst = tokenExpired || nearlyExpired || this.attempt > RENEW_AFTER_FAILED_ATTEMPTS;
    // A renewal sets a new token, and the store subscription opens the socket with it.
    const token = renewFirst ? await auth.renew() : auth.accessToken;
    if (this.socket || this.connecting) return;
    if (token) this.open(token);
    // Offline, the renewal fails without signing out: keep trying with backoff.
    else if (useAuth.getState().status === 'signedIn') this.scheduleReconnect(tokenExpired);
  }
}

