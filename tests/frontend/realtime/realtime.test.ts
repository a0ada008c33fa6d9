import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '#shared/api-types';
import { appQueryClient } from '../../../frontend/queries/client';
import { historyKeys } from '../../../frontend/queries/history';
import { jobKeys } from '../../../frontend/queries/jobs';
import { dashboardKeys } from '../../../frontend/queries/dashboard';
import { projectKeys } from '../../../frontend/queries/projects';
import { ledgerKeys } from '../../../frontend/queries/credits';
import { useAuth } from '../../../frontend/auth/store';
import { profileKeys } from '../../../frontend/queries/profile';
import { profileIn, signInAs } from '../signed-in';
import type { JobSnapshot } from '#shared/job-types';
import type { StudioBatch } from '../../../frontend/studio/history';
import { job } from '../studio/job-fixtures';
import { FakeSocket } from './fake-socket';
import { RECONNECT_MAX_MS, isLiveMessage, realtimeUrl, reconnectDelay, startRealtime, useLiveStatus } from '../../../frontend/realtime/store';

/** The browser's one client, which the live connection updates. */
const queryClient = appQueryClient();

/** How many times a live update invalidated the studio history (the dashboard lists go with it). */
let invalidations = 0;
const countInvalidations = () =>
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'invalidate' && (event.query.queryKey as readonly unknown[])[0] === historyKeys.all[0]) invalidations += 1;
  });

const user: ApiUser = { id: 'u1', email: 'ada@example.com', created_at: '2026-11-22T00:00:00.000Z', credits: 12, plan: 'free' };
const latest = () => FakeSocket.all.at(-1)!;

function signIn(token: string): void {
  signInAs(queryClient, user, token);
}

let stop: () => void = () => {};
let stopCounting: () => void = () => {};

/** Tickets the fake Worker issued, by the Bearer token they were asked with. */
let ticketRequests: string[] = [];
/** How many times the profile was read again (GET /api/me). */
let profileReads = 0;
/** Lets the ticket request resolve and the socket open (the request is a promise). */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  ticketRequests = [];
  profileReads = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/me') {
      profileReads += 1;
      return Response.json(user);
    }
    const bearer = new Headers(init?.headers).get('Authorization')?.replace('Bearer ', '') ?? '';
    ticketRequests.push(`${init?.method ?? 'GET'} ${url} ${bearer}`);
    return Response.json({ ticket: `ticket-of-${bearer}`, expiresIn: 30 });
  }));
  useAuth.setState({ status: 'loading', userId: null, accessToken: null, expiresAt: 0 });
  queryClient.clear();
  queryClient.setQueryData(historyKeys.of('u'), []);
  queryClient.setQueryData(dashboardKeys.list('u', 'generations'), { pages: [], pageParams: [] });
  invalidations = 0;
  stopCounting = countInvalidations();
});

afterEach(() => {
  stop();
  stopCounting();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the realtime client', () => {
  it('connects only once signed in, with a one-time ticket in the query and never the token', async () => {
    stop = startRealtime();
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
    signIn('token-1');
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    expect(ticketRequests).toEqual(['POST /api/realtime/ticket token-1']);
    expect(latest().url).toBe(`ws://${window.location.host}/api/realtime?ticket=ticket-of-token-1`);
    expect(latest().url).not.toContain('token-1&');
  });

  it('retries with backoff when the ticket cannot be had', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })));
    stop = startRealtime();
    signIn('token-1');
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ ticket: 'late-ticket', expiresIn: 30 })));
    await vi.advanceTimersByTimeAsync(1000);
    expect(latest().url).toContain('ticket=late-ticket');
  });

  it('says where the connection stands: connecting, open, down after a drop until a reconnect opens, idle once signed out', async () => {
    const status = () => useLiveStatus.getState().status;
    stop = startRealtime();
    expect(status()).toBe('idle');
    signIn('token-1');
    expect(status()).toBe('connecting');
    await flush();
    latest().open();
    expect(status()).toBe('open');
    latest().drop();
    expect(status()).toBe('down');
    // The reconnect's ticket and socket are on their way: still down until it opens.
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(status()).toBe('down');
    latest().open();
    expect(status()).toBe('open');
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    expect(status()).toBe('idle');
  });

  it('does not reopen the oldest socket the object closed for too many sockets (4002)', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    latest().drop(4002);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('applies profile messages to the profile query and invalidates the generation lists', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    latest().receive({ type: 'profile', credits: 3, plan: 'pro' });
    expect(profileIn(queryClient, 'u1')).toMatchObject({ credits: 3, plan: 'pro', email: 'ada@example.com' });
    latest().receive({ type: 'generations' });
    expect(invalidations).toBe(1);
    queryClient.setQueryData(historyKeys.of('u'), []); // the studio read it again
    latest().receive({ type: 'generations' });
    expect(invalidations).toBe(2);
    expect(queryClient.getQueryState(dashboardKeys.list('u', 'generations'))?.isInvalidated).toBe(true);
    // A projects message re-reads the projects, and only them.
    queryClient.setQueryData(projectKeys.list('u'), { pages: [], pageParams: [] });
    queryClient.setQueryData(dashboardKeys.list('u', 'likes'), { pages: [], pageParams: [] });
    latest().receive({ type: 'projects' });
    expect(queryClient.getQueryState(projectKeys.list('u'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dashboardKeys.list('u', 'likes'))?.isInvalidated).toBe(false);
    // Garbage and pongs are ignored.
    latest().receive('pong');
    latest().receive({ type: 'profile', credits: 'many' });
    expect(profileIn(queryClient, 'u1')?.credits).toBe(3);
  });

  it('re-reads the credit ledger when the balance or the generations change', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    const ledgerStale = () => queryClient.getQueryState(ledgerKeys.of('u'))?.isInvalidated;
    queryClient.setQueryData(ledgerKeys.of('u'), { pages: [], pageParams: [] });
    expect(ledgerStale()).toBe(false);
    latest().receive({ type: 'profile', credits: 4, plan: 'free' });
    expect(ledgerStale()).toBe(true);
    queryClient.setQueryData(ledgerKeys.of('u'), { pages: [], pageParams: [] }); // read again
    expect(ledgerStale()).toBe(false);
    // A new socket's greeting repeats the balance the page holds: nothing to read again.
    latest().receive({ type: 'profile', credits: 4, plan: 'free' });
    expect(ledgerStale()).toBe(false);
    latest().receive({ type: 'generations' });
    expect(ledgerStale()).toBe(true);
  });

  it('takes the balance a new socket is greeted with: a charge made before it opened shows', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    expect(profileIn(queryClient, 'u1')?.credits).toBe(12);
    latest().receive({ type: 'jobs', jobs: [] });
    latest().receive({ type: 'profile', credits: 9, plan: 'free' });
    expect(profileIn(queryClient, 'u1')?.credits).toBe(9);
  });

  it("keeps the jobs cache at each job's newest snapshot, and a finished job joins the history at once", async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    const jobs = () => queryClient.getQueryData<JobSnapshot[]>(jobKeys.of('u1')) ?? [];
    queryClient.setQueryData(historyKeys.of('u1'), []);
    latest().receive({ type: 'jobs', jobs: [job('j1', ['generating', 'waiting'])] });
    latest().receive({ type: 'job', job: job('j1', ['done', 'generating']) });
    latest().receive({ type: 'job', job: job('j1', ['generating', 'waiting']) }); // late and older: ignored
    expect(jobs()[0]?.views.map((view) => view.status)).toEqual(['done', 'generating']);
    const finished = job('j1', ['done', 'done'], {
      result: { success: false, creditsLeft: 7 } as unknown as JobSnapshot['result'],
    });
    latest().receive({ type: 'job', job: finished });
    expect(jobs()[0]?.status).toBe('done');
    expect(queryClient.getQueryData<StudioBatch[]>(historyKeys.of('u1'))?.map((batch) => batch.images.length)).toEqual([2]);
    expect(queryClient.getQueryState(dashboardKeys.list('u', 'generations'))?.isInvalidated).toBe(true);
    expect(profileIn(queryClient, 'u1')?.credits).toBe(7);
  });

  it('re-reads when the first greeting lacks a job the tab holds as running: it ended before the socket opened', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    // The generate answer put j1 in the cache, queued; its end was sent before this socket opened.
    queryClient.setQueryData(jobKeys.of('u1'), [job('j1', ['waiting'])]);
    latest().open();
    latest().receive({ type: 'jobs', jobs: [job('j2', ['generating'])] });
    expect(queryClient.getQueryState(jobKeys.of('u1'))?.isInvalidated).toBe(true);
    expect(invalidations).toBe(1);
    await vi.waitFor(() => expect(profileReads).toBe(1));
  });

  it('reads nothing again when the first greeting lists every job the tab holds as running', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    queryClient.setQueryData(jobKeys.of('u1'), [job('j1', ['waiting']), job('j0', ['done'])]);
    latest().open();
    latest().receive({ type: 'jobs', jobs: [job('j1', ['generating'])] });
    expect(queryClient.getQueryState(jobKeys.of('u1'))?.isInvalidated).toBe(false);
    expect(invalidations).toBe(0);
    expect(profileReads).toBe(0);
  });

  it('reconnects with the fresh token after a renewal and closes the old socket', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    const first = latest();
    first.open();
    signIn('token-2');
    await flush();
    expect(first.closedByApp).toBe(true);
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().url).toContain('ticket=ticket-of-token-2');
  });

  it('closes on sign-out and does not come back', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    const socket = latest();
    socket.open();
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    expect(socket.closedByApp).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects with growing delays after drops, then re-reads what it may have missed', async () => {
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();

    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000); // first retry within 0.5–1 s
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeSocket.all).toHaveLength(2); // the second waits 1–2 s
    await vi.advanceTimersByTimeAsync(1100);
    expect(FakeSocket.all).toHaveLength(3);

    queryClient.setQueryData(jobKeys.of('u1'), []);
    latest().open();
    await vi.waitFor(() => expect(profileReads).toBe(1));
    expect(invalidations).toBe(1);
    // The jobs are read again too (GET /api/jobs), in case one moved while no message could arrive.
    expect(queryClient.getQueryState(jobKeys.of('u1'))?.isInvalidated).toBe(true);
  });

  it('renews the token before reconnecting when the object closed for expiry', async () => {
    const renew = vi.fn(async () => {
      signIn('token-renewed');
      return 'token-renewed';
    });
    useAuth.setState({ renew });
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    latest().drop(4001);
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(latest().url).toContain('ticket=ticket-of-token-renewed');
    expect(FakeSocket.all.filter((socket) => socket.readyState !== FakeSocket.CLOSED)).toHaveLength(1);
  });

  it('re-reads the profile when the tab comes back into view (the operator command writes D1 directly)', async () => {
    stop = startRealtime();
    signIn('token-1');
    queryClient.setQueryData(profileKeys.of('u1'), { ...user, credits: 0 });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(profileReads).toBe(1));
    expect(profileIn(queryClient, 'u1')?.credits).toBe(user.credits);
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(profileReads).toBe(1); // not twice within a few seconds
  });
});

describe('helpers', () => {
  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('uses wss on https', () => {
    expect(realtimeUrl('a b', { protocol: 'https:', host: 'parti.studio' })).toBe('wss://parti.studio/api/realtime?ticket=a%20b');
  });

  it('recognises only the message shapes it knows', () => {
    expect(isLiveMessage({ type: 'generations' })).toBe(true);
    expect(isLiveMessage({ type: 'job', job: job('j', ['waiting']) })).toBe(true);
    expect(isLiveMessage({ type: 'jobs', jobs: [] })).toBe(true);
    expect(isLiveMessage({ type: 'job' })).toBe(false);
    expect(isLiveMessage({ type: 'jobs', jobs: 'none' })).toBe(false);
    expect(isLiveMessage({ type: 'profile', credits: 1, plan: 'free' })).toBe(true);
    expect(isLiveMessage({ type: 'profile', credits: 1 })).toBe(false);
    expect(isLiveMessage(null)).toBe(false);
  });
});

describe('when the network or the session is gone', () => {
  it('keeps retrying when a renewal fails offline, and renews after repeated failures', async () => {
    const renew = vi.fn(async () => null);
    useAuth.setState({ renew });
    stop = startRealtime();
    signIn('token-1');
    await flush();
    latest().open();
    latest().drop(4001); // expired: renew first, which fails (offline) but leaves the user signed in
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(renew).toHaveBeenCalledTimes(2); // tried again, with backoff
  });

  it('stops once a renewal reveals the session has ended', async () => {
    const renew = vi.fn(async () => {
      useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
      return null;
    });
    useAuth.setState({ renew });
    stop = startRealtime();
    signIn('token-1');
    await flush();
    for (let drop = 0; drop < 4; drop += 1) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    }
    expect(renew).toHaveBeenCalledTimes(1);
    const count = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 4);
    expect(FakeSocket.all).toHaveLength(count);
  });
});
