/**
 * A tab in a team workspace holds the workspace's live socket beside the personal one
 * (docs/decisions/0098-workspaces-app.md): its ticket names the workspace, its pool and members
 * messages reach the rail and the caches, and a 4003 close sends the user back to Personal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '#shared/api-types';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { useAuth } from '../../../frontend/auth/store';
import { appQueryClient } from '../../../frontend/queries/client';
import { jobKeys } from '../../../frontend/queries/jobs';
import { isLiveOpen, startRealtime, useLiveStatus } from '../../../frontend/realtime/store';
import { useNotices } from '../../../frontend/shell/notices';
import { spaceOwner, spaceStorageKey, spaceStore } from '../../../frontend/workspaces/current-space';
import { spaceBalanceNow, spaceRoleNow } from '../../../frontend/workspaces/hooks';
import { workspaceKeys } from '../../../frontend/workspaces/keys';
import { job } from '../studio/job-fixtures';
import { FakeSocket } from './fake-socket';

const user: ApiUser = { id: 'u1', email: 'ada@example.com', created_at: '2026-11-22T00:00:00.000Z', credits: 12, plan: 'free' };
const studio: WorkspaceSummary = { id: 'w1', name: 'Studio Nord', role: 'member', credits: 40, plan: 'pro', logoUrl: null, createdAt: '2026-11-26T00:00:00.000Z' };

/** What GET /api/workspaces answers now. */
let listed: WorkspaceSummary[] = [];
let requests: string[] = [];
let stop: () => void = () => {};
const flush = () => vi.advanceTimersByTimeAsync(0);
const workspaceSocket = () => FakeSocket.all.find((socket) => socket.url.includes('ticket-for-w1'));

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  requests = [];
  listed = [studio];
  localStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    requests.push(input);
    if (input.startsWith('/api/realtime/ticket')) {
      const workspaceId = new URL(input, 'http://app.test').searchParams.get('workspaceId');
      return Response.json({ ticket: workspaceId ? `ticket-for-${workspaceId}` : 'ticket-personal', expiresIn: 30 });
    }
    if (input.startsWith('/api/workspaces')) return Response.json({ items: listed });
    return Response.json({ jobs: [] });
  }));
  appQueryClient().clear();
  useNotices.setState({ notices: [] });
  useAuth.setState({ status: 'signedIn', userId: user.id, accessToken: 'token-1', expiresAt: Date.now() / 1000 + 900 });
  localStorage.setItem(spaceStorageKey(user.id), studio.id);
  spaceStore.setState({ workspaceId: studio.id });
});

afterEach(() => {
  stop();
  spaceStore.setState({ workspaceId: null });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a workspace's live socket", () => {
  it('opens beside the personal one with a ticket for the workspace, and reads the workspace for the rail', async () => {
    stop = startRealtime();
    await flush();
    expect(FakeSocket.all.map((socket) => socket.url.split('ticket=')[1])).toEqual(['ticket-personal', 'ticket-for-w1']);
    expect(requests).toContain('/api/realtime/ticket?workspaceId=w1');
    expect(spaceBalanceNow()).toEqual(studio);
  });

  it('moves with the space: closed on going back to Personal, none while signed out', async () => {
    stop = startRealtime();
    await flush();
    const socket = workspaceSocket();
    spaceStore.setState({ workspaceId: null });
    expect(socket?.closedByApp).toBe(true);
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    spaceStore.setState({ workspaceId: studio.id });
    await flush();
    expect(FakeSocket.all.filter((candidate) => candidate.url.includes('ticket-for-w1'))).toHaveLength(1);
  });

  it('is the socket whose state the studio shows and whose drop makes it poll, in the workspace', async () => {
    stop = startRealtime();
    await flush();
    FakeSocket.all.find((socket) => socket.url.includes('ticket-personal'))?.open();
    expect(useLiveStatus.getState().status).toBe('connecting');
    expect(isLiveOpen()).toBe(false);
    workspaceSocket()?.open();
    expect(useLiveStatus.getState().status).toBe('open');
    expect(isLiveOpen()).toBe(true);
    workspaceSocket()?.drop();
    expect(useLiveStatus.getState().status).toBe('down');
    expect(isLiveOpen()).toBe(false);
    // Back in Personal, the personal socket's state is the one shown.
    spaceStore.setState({ workspaceId: null });
    expect(useLiveStatus.getState().status).toBe('open');
    expect(isLiveOpen()).toBe(true);
  });

  it("re-reads the workspace's jobs when its greeting lacks one the tab holds as running", async () => {
    stop = startRealtime();
    await flush();
    const key = jobKeys.of(spaceOwner(user.id, studio.id));
    appQueryClient().setQueryData(key, [job('j1', ['waiting'], { workspaceId: studio.id })]);
    workspaceSocket()?.open();
    workspaceSocket()?.receive({ type: 'jobs', jobs: [] });
    expect(appQueryClient().getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("takes the pool's balance and plan from a workspace message, in the rail and the switcher's list", async () => {
    stop = startRealtime();
    await flush();
    workspaceSocket()?.open();
    workspaceSocket()?.receive({ type: 'workspace', workspaceId: 'w1', credits: 31, plan: 'pro' });
    expect(spaceBalanceNow()?.credits).toBe(31);
    expect(appQueryClient().getQueryData<WorkspaceSummary[]>(workspaceKeys.list(user.id))?.[0]?.credits).toBe(31);
  });

  it("reads the user's role again when the members change", async () => {
    stop = startRealtime();
    await flush();
    workspaceSocket()?.open();
    listed = [{ ...studio, role: 'viewer' }];
    workspaceSocket()?.receive({ type: 'members', workspaceId: 'w1' });
    await flush();
    expect(spaceRoleNow()).toBe('viewer');
  });

  it('sends a removed member back to Personal with a notice that stays, and does not reconnect (4003)', async () => {
    stop = startRealtime();
    await flush();
    workspaceSocket()?.open();
    workspaceSocket()?.drop(4003);
    expect(spaceStore.getState().workspaceId).toBeNull();
    expect(localStorage.getItem(spaceStorageKey(user.id))).toBeNull();
    expect(useNotices.getState().notices.map((notice) => notice.message)).toEqual([
      'You are no longer a member of Studio Nord, so you are back in your personal space.',
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all.filter((socket) => socket.url.includes('ticket-for-w1'))).toHaveLength(1);
    // The notice waits to be dismissed.
    expect(useNotices.getState().notices).toHaveLength(1);
  });

  it('goes back to Personal when the remembered workspace is no longer among the user’s', async () => {
    listed = [];
    stop = startRealtime();
    await flush();
    expect(spaceStore.getState().workspaceId).toBeNull();
    expect(useNotices.getState().notices).toHaveLength(1);
  });
});
