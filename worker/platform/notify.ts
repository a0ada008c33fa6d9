import type { LiveMessage } from '#shared/live-types';
import type { JobSnapshot } from '#shared/job-types';
import type { Plan } from '#shared/plans';
import type { Database } from '../db/client';
import { memberWorkspaceIds, type SpaceRef } from './space';

/**
 * The client side of the LiveUpdates Durable Object (worker/realtime/live-updates.ts), which every
 * feature calls, so it sits here rather than in realtime/ (whose object reads job snapshots).
 * Tells a user's open tabs and devices what changed — or, for a team workspace's things, every
 * member's tabs open on it (one object per workspace, docs/decisions/0096-workspaces.md). Every
 * place that changes credits, plan or generations calls these after its write has landed; a
 * failure to notify never fails the write, so all resolve even when the Durable Object cannot be
 * reached (the failure is logged).
 */

/** The object holding a workspace's sockets; a user's own is named by the user id. */
export function workspaceObjectName(workspaceId: string): string {
  return `workspace:${workspaceId}`;
}

/** A user's balance changed (`profile`), or a workspace pool's (`workspace`, to every member's tabs on it). */
export async function notifyBalance(env: Env, space: SpaceRef, profile: { credits: number; plan: Plan }): Promise<void> {
  if (space.workspaceId !== null) {
    await deliverToWorkspace(env, space.workspaceId, { type: 'workspace', workspaceId: space.workspaceId, credits: profile.credits, plan: profile.plan });
  } else {
    await notifyProfile(env, space.userId, profile);
  }
}

export async function notifyProfile(env: Env, userId: string, profile: { credits: number; plan: Plan }): Promise<void> {
  await deliver(env, userId, { type: 'profile', credits: profile.credits, plan: profile.plan });
}

export async function notifyGenerations(env: Env, space: SpaceRef): Promise<void> {
  if (space.workspaceId !== null) await deliverToWorkspace(env, space.workspaceId, { type: 'generations', workspaceId: space.workspaceId });
  else await deliver(env, space.userId, { type: 'generations' });
}

/** Feedback on a project changed (a review link's comment or decision, a comment resolved). */
export async function notifyReview(env: Env, space: SpaceRef, projectId: string): Promise<void> {
  if (space.workspaceId !== null) await deliverToWorkspace(env, space.workspaceId, { type: 'review', projectId, workspaceId: space.workspaceId });
  else await deliver(env, space.userId, { type: 'review', projectId });
}

/** A project was created, changed or deleted, or a generation moved between projects. */
export async function notifyProjects(env: Env, space: SpaceRef): Promise<void> {
  if (space.workspaceId !== null) await deliverToWorkspace(env, space.workspaceId, { type: 'projects', workspaceId: space.workspaceId });
  else await deliver(env, space.userId, { type: 'projects' });
}

/** The workspace's members, roles, caps or invitations changed. */
export async function notifyMembers(env: Env, workspaceId: string): Promise<void> {
  await deliverToWorkspace(env, workspaceId, { type: 'members', workspaceId });
}

/**
 * A job changed: its whole snapshot, so a client replaces what it held (docs/decisions/0038). A
 * personal job reaches its maker's tabs; a workspace's reaches every member's tabs on the
 * workspace, and its maker's own object only for the requests waiting on it.
 */
export async function notifyJob(env: Env, userId: string, job: JobSnapshot): Promise<void> {
  const message: LiveMessage = { type: 'job', job };
  if (!job.workspaceId) {
    await deliver(env, userId, message);
    return;
  }
  await Promise.all([deliver(env, userId, message, true), deliverToWorkspace(env, job.workspaceId, message)]);
}

/** Closes the live sockets a session opened, its own and its workspaces'; called after sign-out. Never throws. */
export async function closeLiveSession(env: Env, db: Database, userId: string, sessionId: string): Promise<void> {
  let workspaceIds: string[] = [];
  try {
    workspaceIds = await memberWorkspaceIds(db, userId);
  } catch (error) {
    console.warn('live update: the workspaces of a session could not be read', error);
  }
  const objects = [userId, ...workspaceIds.map(workspaceObjectName)];
  await Promise.all(
    objects.map(async (name) => {
      try {
        await env.LIVE_UPDATES.getByName(name).closeSession(sessionId);
      } catch (error) {
        console.warn('live update: closing a session failed', error);
      }
    }),
  );
}

/** Closes a removed member's sockets of the workspace at once (docs/decisions/0096-workspaces.md). Never throws. */
export async function closeWorkspaceMember(env: Env, workspaceId: string, userId: string): Promise<void> {
  try {
    await env.LIVE_UPDATES.getByName(workspaceObjectName(workspaceId)).closeUser(userId);
  } catch (error) {
    console.warn('live update: closing a removed member\'s sockets failed', error);
  }
}

/**
 * What a request waiting for one of its user's jobs learns from the LiveUpdates object
 * (docs/decisions/0083-bounded-waiters-and-closed-jobs.md): the job ended, the time ran out, the
 * object refused another waiter (over MAX_WAITERS_PER_JOB or MAX_WAITERS_PER_USER), or the waiter
 * was let go because its client hung up.
 */
export type JobWaitOutcome = 'ended' | 'timeout' | 'refused' | 'released';

export interface JobWait {
  timeoutMs: number;
  /** The request's own signal: it aborts when the client disconnects (wrangler.toml's enable_request_signal). */
  signal: AbortSignal;
  /** Keeps the release call alive after the client is gone (the invocation's waitUntil). */
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * Waits until the user's job ends, told by the object that every job change reaches (notifyJob),
 * instead of reading the job again and again. When the client hangs up, the waiter is let go at
 * once. An object that cannot be reached counts as 'timeout': the caller reads the job as it stands.
 */
export async function awaitJobEnd(env: Env, userId: string, jobId: string, wait: JobWait): Promise<JobWaitOutcome> {
  if (wait.signal.aborted) return 'released';
  const live = env.LIVE_UPDATES.getByName(userId);
  const waiterId = crypto.randomUUID();
  // Calls on one stub arrive in order, so a release always finds the waiter it names registered.
  const release = () => wait.waitUntil(live.releaseWaiter(waiterId).catch((error: unknown) => console.warn('live update: releasing a waiter failed', error)));
  wait.signal.addEventListener('abort', release, { once: true });
  try {
    return await live.awaitJobEnd({ userId, jobId, waiterId, timeoutMs: wait.timeoutMs });
  } catch (error) {
    console.warn('live update: waiting for a job failed', error);
    return 'timeout';
  } finally {
    wait.signal.removeEventListener('abort', release);
  }
}

async function deliver(env: Env, userId: string, message: LiveMessage, waitersOnly = false): Promise<void> {
  try {
    await env.LIVE_UPDATES.getByName(userId).push(message, waitersOnly);
  } catch (error) {
    console.warn(`live update: ${message.type} for a user could not be delivered`, error);
  }
}

async function deliverToWorkspace(env: Env, workspaceId: string, message: LiveMessage): Promise<void> {
  try {
    await env.LIVE_UPDATES.getByName(workspaceObjectName(workspaceId)).push(message);
  } catch (error) {
    console.warn(`live update: ${message.type} for a workspace could not be delivered`, error);
  }
}
