import type { LiveMessage } from '#shared/live-types';
import type { JobSnapshot } from '#shared/job-types';
import type { Plan } from '#shared/plans';

/**
 * The client side of the LiveUpdates Durable Object (worker/realtime/live-updates.ts), which every
 * feature calls, so it sits here rather than in realtime/ (whose object reads job snapshots).
 * Tells a user's open tabs and devices what changed. Every place that changes credits, plan or
 * generations calls these after its write has landed; a failure to notify never fails the write,
 * so both resolve even when the Durable Object cannot be reached (the failure is logged).
 */
export async function notifyProfile(env: Env, userId: string, profile: { credits: number; plan: Plan }): Promise<void> {
  await deliver(env, userId, { type: 'profile', credits: profile.credits, plan: profile.plan });
}

export async function notifyGenerations(env: Env, userId: string): Promise<void> {
  await deliver(env, userId, { type: 'generations' });
}

/** Feedback on one of the user's projects changed (a review link's comment or decision). */
export async function notifyReview(env: Env, userId: string, projectId: string): Promise<void> {
  await deliver(env, userId, { type: 'review', projectId });
}

/** A project was created, changed or deleted, or a generation moved between projects. */
export async function notifyProjects(env: Env, userId: string): Promise<void> {
  await deliver(env, userId, { type: 'projects' });
}

/** A job changed: its whole snapshot, so a client replaces what it held (docs/decisions/0038). */
export async function notifyJob(env: Env, userId: string, job: JobSnapshot): Promise<void> {
  await deliver(env, userId, { type: 'job', job });
}

/** Closes the live sockets a session opened; called after sign-out. Never throws. */
export async function closeLiveSession(env: Env, userId: string, sessionId: string): Promise<void> {
  try {
    await env.LIVE_UPDATES.getByName(userId).closeSession(sessionId);
  } catch (error) {
    console.warn('live update: closing a session failed', error);
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

async function deliver(env: Env, userId: string, message: LiveMessage): Promise<void> {
  try {
    await env.LIVE_UPDATES.getByName(userId).push(message);
  } catch (error) {
    console.warn(`live update: ${message.type} for a user could not be delivered`, error);
  }
}
