import { create } from 'zustand';
import type { LiveMessage } from '#shared/live-types';
import { appQueryClient } from '../queries/client';
import type { JobSnapshot } from '#shared/job-types';
import { applyJob, applyJobs, greetingMissesAnEnd, jobKeys } from '../queries/jobs';
import { invalidateGenerationLists } from '../queries/generations';
import { invalidateLedger } from '../queries/credits';
import { invalidateProjects } from '../queries/projects';
import { applyBalance, holdsBalance, reloadProfile, type BalanceChange } from '../queries/profile';
import { useAuth } from '../auth/store';
import { reviewKeys } from '../review/keys';
import { currentWorkspaceId, spaceOwner, spaceStore } from '../workspaces/current-space';
import { workspaceKeys } from '../workspaces/keys';
import { leftWorkspace, readCurrentWorkspace } from '../workspaces/space';
import { LiveConnection, type LiveChannel, type LiveStatus } from './connection';

/**
 * Live updates (docs/decisions/0019): the user's personal socket while signed in
 * (realtime/connection.ts) and, while the tab works in a team workspace, the workspace's
 * (docs/decisions/0098-workspaces-app.md). Profile messages update the profile query's credits and
 * plan (queries/profile.ts) and, like generations messages, invalidate the credit ledger;
 * generations messages invalidate the cached lists that hold this user's generations (the
 * dashboard's lists, the studio's history), which re-read when shown (the studio waits while it
 * generates). Job messages carry a generation job's whole snapshot on every change, and every
 * unfinished job when the socket opens (docs/decisions/0052-studio-on-generation-jobs.md); a job
 * made in a workspace joins that workspace's lists. A workspace's socket also carries its pool
 * (`workspace`) and its members (`members`), and closes with 4003 when the user is no longer a member.
 */

export { RECONNECT_MAX_MS, realtimeUrl, reconnectDelay, type LiveStatus } from './connection';

/** A focus within this long of the last re-read does not re-read the profile again. */
const FOCUS_RELOAD_MIN_GAP_MS = 5000;

/**
 * Where the socket that carries the current space's jobs stands (the studio's connection notice):
 * the personal one in the personal space, the workspace's in a workspace.
 */
export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

const socketStatus: { personal: LiveStatus; workspace: LiveStatus } = { personal: 'idle', workspace: 'idle' };

function publishStatus(): void {
  const status = currentWorkspaceId() === null ? socketStatus.personal : socketStatus.workspace;
  if (useLiveStatus.getState().status !== status) useLiveStatus.setState({ status });
}

/** This user's generations changed somewhere (another tab, device, the Worker). */
function generationsChanged(): void {
  void invalidateGenerationLists(appQueryClient());
  // A charge's generation was delivered or deleted: the Credits page says which.
  void invalidateLedger(appQueryClient());
}

export function isLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'generations' || message.type === 'projects') return true;
  if (message.type === 'job') return typeof message.job === 'object' && message.job !== null;
  if (message.type === 'jobs') return Array.isArray(message.jobs);
  if (message.type === 'review') return typeof message.projectId === 'string';
  if (message.type === 'members') return typeof message.workspaceId === 'string';
  if (message.type === 'workspace') return typeof message.workspaceId === 'string' && typeof message.credits === 'number' && typeof message.plan === 'string';
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

/**
 * A balance message, the user's own or a workspace pool's: a change is a new ledger row, so the
 * Credits page re-reads its list; a new socket's greeting that repeats what the page holds is none.
 */
function balanceReceived(change: BalanceChange): void {
  const userId = useAuth.getState().userId;
  if (!userId || !holdsBalance(appQueryClient(), userId, change)) void invalidateLedger(appQueryClient());
  if (userId) applyBalance(appQueryClient(), userId, change);
}

function applyLiveMessage(message: LiveMessage): void {
  const userId = useAuth.getState().userId;
  switch (message.type) {
    case 'profile':
      return balanceReceived({ credits: message.credits, plan: message.plan });
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
    case 'workspace':
      // The pool moved: the workspace's ledger and the rail's balance.
      return balanceReceived({ credits: message.credits, plan: message.plan, workspaceId: message.workspaceId });
    case 'members':
      // Someone joined, left or was removed, or a role or cap changed (maybe the user's own role).
      void appQueryClient().invalidateQueries({ queryKey: workspaceKeys.all });
      if (currentWorkspaceId() === message.workspaceId) void readCurrentWorkspace(message.workspaceId);
      return;
  }
}

/**
 * A channel's messages. A socket's first message lists its space's unfinished jobs; when it lacks
 * one the tab holds as unfinished, that job ended before the socket opened (after the page read it,
 * or after the studio's last poll), and the tab re-reads as after a drop.
 */
function channelMessages(workspaceId: string | null, reread: () => void): (message: LiveMessage) => void {
  const heldJobs = () => {
    const userId = useAuth.getState().userId;
    return userId ? appQueryClient().getQueryData<JobSnapshot[]>(jobKeys.of(spaceOwner(userId, workspaceId))) : undefined;
  };
  return (message) => {
    if (message.type !== 'jobs') return applyLiveMessage(message);
    const held = heldJobs();
    applyLiveMessage(message);
    if (greetingMissesAnEnd(held, message.jobs)) reread();
  };
}

function personalChannel(): LiveChannel {
  const reread = () => {
    reloadOwnProfile();
    generationsChanged();
    jobsChanged();
  };
  return {
    workspaceId: null,
    isMessage: isLiveMessage,
    onMessage: channelMessages(null, reread),
    onResumed: reread,
    // Read the jobs once now: while a job runs without the socket, the studio polls them.
    onDropped: jobsChanged,
    onStatus: (status) => {
      socketStatus.personal = status;
      publishStatus();
    },
  };
}

/** The workspace's socket: its pool, members, projects, versions, feedback and every member's jobs in it. */
function workspaceChannel(workspaceId: string): LiveChannel {
  const reread = () => {
    void readCurrentWorkspace(workspaceId);
    generationsChanged();
    jobsChanged();
    void invalidateProjects(appQueryClient());
  };
  return {
    workspaceId,
    isMessage: isLiveMessage,
    onMessage: channelMessages(workspaceId, reread),
    onResumed: reread,
    onDropped: jobsChanged,
    onStatus: (status) => {
      socketStatus.workspace = status;
      publishStatus();
    },
    onRemoved: () => leftWorkspace(workspaceId),
  };
}

let connection: LiveConnection | null = null;
let workspaceConnection: LiveConnection | null = null;

/**
 * Keeps the workspace's socket open while the tab works in a workspace and someone is signed in:
 * opened when the tab enters one (and the workspace read), moved when it switches, closed on
 * leaving it or signing out. Returns the stop function.
 */
function followWorkspace(): () => void {
  let following: string | null = null;
  const sync = () => {
    const { status, accessToken } = useAuth.getState();
    const target = status === 'signedIn' && accessToken ? currentWorkspaceId() : null;
    if (target !== following) {
      workspaceConnection?.close();
      workspaceConnection = target === null ? null : new LiveConnection(workspaceChannel(target));
      following = target;
      if (target !== null) void readCurrentWorkspace(target);
    }
    if (workspaceConnection && accessToken) workspaceConnection.open(accessToken);
    publishStatus();
  };
  sync();
  const stopSpace = spaceStore.subscribe(sync);
  const stopAuth = useAuth.subscribe((state, previous) => {
    if (state.status !== previous.status || state.accessToken !== previous.accessToken) sync();
  });
  return () => {
    stopSpace();
    stopAuth();
    workspaceConnection?.close();
    workspaceConnection = null;
  };
}

/**
 * Whether the current space's live updates arrive now (the workspace's socket in a workspace);
 * while they do not, the studio and the project page poll their running jobs.
 */
export function isLiveOpen(): boolean {
  const live = currentWorkspaceId() === null ? connection : workspaceConnection;
  return live?.isOpen ?? false;
}

/**
 * Starts the realtime client for the app's lifetime: connects while signed in, reconnects with
 * the fresh token after every renewal, closes on sign-out; follows the tab's workspace with its
 * own socket. Also re-reads the profile when the tab regains focus, which picks up changes made
 * outside the Worker's request flow (the operator command writes D1 directly). Returns the stop
 * function.
 */
export function startRealtime(): () => void {
  // The query cache holds what this connection updates, the profile among it: signed in, it exists
  // on every screen, not only on those that query, so the profile the session's answer left
  // waiting (auth/profile-link.ts) reaches the rail, the landing and pricing too.
  appQueryClient();
  const live = new LiveConnection(personalChannel());
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
  const stopWorkspace = followWorkspace();

  return () => {
    stopWorkspace();
    unsubscribe();
    window.removeEventListener('focus', reloadOnReturn);
    document.removeEventListener('visibilitychange', reloadOnReturn);
    live.close();
    if (connection === live) connection = null;
  };
}
