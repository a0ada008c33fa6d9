import { create } from 'zustand';
import { api, ok, withoutToken } from '../api/client';
import type { LiveMessage } from '#shared/live-types';
import { appQueryClient } from '../queries/client';
import { applyJob, applyJobs, jobKeys } from '../queries/jobs';
import { invalidateGenerationLists } from '../queries/generations';
import { invalidateLedger } from '../queries/credits';
import { invalidateProjects } from '../queries/projects';
import { profileMessageReceived, reloadProfile } from '../queries/profile';
import { useAuth } from '../auth/store';
import { reviewKeys } from '../review/keys';

/**
 * Live updates (docs/decisions/0019): one WebSocket per tab to GET /api/realtime while signed in,
 * opened with a one-time ticket from POST /api/realtime/ticket (the token stays out of URLs).
 * Profile messages update the profile query's credits and plan (queries/profile.ts) and, like
 * generations messages, invalidate the credit ledger; generations messages invalidate the cached
 * lists that hold this user's generations (the dashboard's lists, the studio's history), which
 * re-read when shown (the studio waits while it generates). Job messages carry a generation job's whole snapshot on every change, and every unfinished job
 * when the socket opens (docs/decisions/0052-studio-on-generation-jobs.md).
 */

/**
 * Where the live connection stands, for screens that say so (the studio's connection notice):
 * `idle` while signed out, `connecting` until the first socket opens, `open`, and `down` after a
 * drop or a failed attempt, until a reconnect opens it again.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

function setLiveStatus(status: LiveStatus): void {
  if (useLiveStatus.getState().status !== status) useLiveStatus.setState({ status });
}

/** This user's generations changed somewhere (another tab, device, the Worker). */
function generationsChanged(): void {
  void invalidateGenerationLists(appQueryClient());
  // A charge's generation was delivered or deleted: the Credits page says which.
  void invalidateLedger(appQueryClient());
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** Keeps idle connections alive through proxies; the object answers without waking up. */
export const PING_INTERVAL_MS = 30_000;
/** A focus within this long of the last re-read does not re-read the profile again. */
const FOCUS_RELOAD_MIN_GAP_MS = 5000;
/** After this many failed reconnects in a row the client renews its session before trying again. */
const RENEW_AFTER_FAILED_ATTEMPTS = 3;
/** Close code the object uses when the token that opened the socket has expired. */
const TOKEN_EXPIRED_CODE = 4001;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Close code the object uses when the user opened too many sockets: this (oldest) one is not reopened. */
const TOO_MANY_SOCKETS_CODE = 4002;

/** The socket's address: a one-time ticket in the query, never the access token. */
export function realtimeUrl(ticket: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/realtime?ticket=${encodeURIComponent(ticket)}`;
}

/** Trades the access token (as a Bearer header) for a ticket valid 30 s, used once. */
export async function fetchTicket(token: string): Promise<string> {
  // The socket opens for this token, not whichever the session holds by now: sent as given, never renewed here.
  const { ticket } = await ok(api.realtime.ticket.$post(undefined, { ...withoutToken, headers: { Authorization: `Bearer ${token}` } }));
  return ticket;
}

export function isLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'generations' || message.type === 'projects') return true;
  if (message.type === 'job') return typeof message.job === 'object' && message.job !== null;
  if (message.type === 'jobs') return Array.isArray(message.jobs);
  if (message.type === 'review') return typeof message.projectId === 'string';
  return message.type === 'profile' && typeof message.credits === 'number' && typeof message.plan === 'string';
}

/** The balance or plan may have moved while no message could arrive: GET /api/me reads them again. */
function reloadOwnProfile(): void {
  const userId = useAuth.getState().userId;
  if (userId) void reloadProfile(appQueryClient(), userId);
}

/** The user's jobs may have moved while no message could arrive: GET /api/jobs reads them again. */
function jobsChanged(): void {
  void appQueryClient().invalidateQueries({ queryKey: jobKeys.all });
}

export function applyLiveMessage(message: LiveMessage): void {
  const userId = useAuth.getState().userId;
  switch (message.type) {
    case 'profile':
      // A balance change is a new ledger row: the Credits page re-reads its list.
      void invalidateLedger(appQueryClient());
      if (userId) profileMessageReceived(appQueryClient(), userId, message);
      return;
    case 'generations':
      return generationsChanged();
    case 'projects':
      return void invalidateProjects(appQueryClient());
    case 'job':
      if (userId) applyJob(appQueryClient(), userId, message.job);
      return;
    case 'jobs':
      if (userId) applyJobs(appQueryClient(), userId, message.jobs);
      return;
    case 'review':
      // A reviewer commented or decided: the project's links and feedback are read again.
      void appQueryClient().invalidateQueries({ queryKey: reviewKeys.project(message.projectId) });
      return;
  }
}

class LiveConnection {
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

  /** Opens a socket for `token` (through a ticket), replacing any socket opened with another one. */
  open(token: string): void {
    if (this.token === token && (this.socket || this.connecting)) return;
    const reconnecting = useLiveStatus.getState().status === 'down';
    this.close();
    this.token = token;
    this.connecting = true;
    // A reconnect after a drop stays `down` until it opens.
    setLiveStatus(reconnecting ? 'down' : 'connecting');
    const generation = this.generation;
    void fetchTicket(token).then(
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
        setLiveStatus('down');
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
    setLiveStatus('idle');
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private onOpen(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.attempt = 0;
    setLiveStatus('open');
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send('ping');
    }, PING_INTERVAL_MS);
    if (this.missedUpdates) {
      this.missedUpdates = false;
      reloadOwnProfile();
      generationsChanged();
      jobsChanged();
    }
  }

  private onMessage(event: MessageEvent): void {
    if (typeof event.data !== 'string' || event.data === 'pong') return;
    try {
      const message: unknown = JSON.parse(event.data);
      if (isLiveMessage(message)) applyLiveMessage(message);
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
    // Read the jobs once now: while a job runs without the socket, the studio polls them.
    jobsChanged();
    // The user has 20 newer tabs or devices open: this, the oldest, stays closed (on purpose, not a drop).
    if (code === TOO_MANY_SOCKETS_CODE) return setLiveStatus('idle');
    setLiveStatus('down');
    this.scheduleReconnect(code === TOKEN_EXPIRED_CODE);
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

let connection: LiveConnection | null = null;

/** Whether live updates arrive now; while they do not, the studio polls its running jobs. */
export function isLiveOpen(): boolean {
  return connection?.isOpen ?? false;
}

/**
 * Starts the realtime client for the app's lifetime: connects while signed in, reconnects with
 * the fresh token after every renewal, closes on sign-out. Also re-reads the profile when the
 * tab regains focus, which picks up changes made outside the Worker's request flow (the
 * operator command writes D1 directly). Returns the stop function.
 */
export function startRealtime(): () => void {
  // The query cache holds what this connection updates, the profile among it: signed in, it exists
  // on every screen, not only on those that query, so the profile the session's answer left
  // waiting (auth/profile-link.ts) reaches the rail, the landing and pricing too.
  appQueryClient();
  const live = new LiveConnection();
  connection = live;
  const sync = (status: string, token: string | null) => {
    if (status === 'signedIn' && token) live.open(token);
    else live.close();
  };
  const initial = useAuth.getState();
  sync(initial.status, initial.accessToken);
  const unsubscribe = useAuth.subscribe((state, previous) => {
    if (state.status !== previous.status || state.accessToken !== previous.accessToken) sync(state.status, state.accessToken);
  });

  let lastReload = 0;
  const reloadOnReturn = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastReload < FOCUS_RELOAD_MIN_GAP_MS) return;
    lastReload = Date.now();
    reloadOwnProfile();
  };
  window.addEventListener('focus', reloadOnReturn);
  document.addEventListener('visibilitychange', reloadOnReturn);

  return () => {
    unsubscribe();
    window.removeEventListener('focus', reloadOnReturn);
    document.removeEventListener('visibilitychange', reloadOnReturn);
    live.close();
    if (connection === live) connection = null;
  };
}
