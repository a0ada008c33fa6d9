/** Builds a generation's dependencies from a request's environment, in one place. */
import { createImageEngine, createTextEngine, engineConfigFromEnv } from '../studio';
import type { AppContext } from '../platform/context';
import { meter } from '../platform/rate-limit';
import { awaitJobEnd, notifyBalance, notifyGenerations, notifyJob, notifyProjects } from '../platform/notify';
import type { JobDeps } from './service';
import type { GenerationDeps } from './submit';

export function generationDeps(c: AppContext): GenerationDeps {
  const config = engineConfigFromEnv(c.env);
  return {
    db: c.var.db,
    media: c.env.MEDIA,
    images: c.env.IMAGES,
    imageEngine: createImageEngine(config),
    textEngine: createTextEngine(config),
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyBalance: (space, profile) => safely(notifyBalance(c.env, space, profile)),
    notifyGenerations: (space) => safely(notifyGenerations(c.env, space)),
    notifyProjects: (space) => safely(notifyProjects(c.env, space)),
    notifyJob: (userId, job) => safely(notifyJob(c.env, userId, job)),
    // The same meter as /api/prompt/validate: a clarification costs nothing but its model call does.
    meterValidation: () => meter(c, 'validate', 'HELPER_USER_LIMITER'),
  };
}

/** What the job routes need: the job rows, the Workflow binding, the notifiers, and the wait. */
export function jobDeps(c: AppContext): JobDeps {
  return {
    db: c.var.db,
    media: c.env.MEDIA,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    workflow: c.env.GENERATION_WORKFLOW,
    notifyBalance: (space, profile) => safely(notifyBalance(c.env, space, profile)),
    notifyJob: (userId, job) => safely(notifyJob(c.env, userId, job)),
    // The request's own signal: the wait ends when the client hangs up.
    awaitJobEnd: (ref, timeoutMs) =>
      awaitJobEnd(c.env, ref.userId, ref.generationId, {
        timeoutMs,
        signal: c.req.raw.signal,
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      }),
  };
}

/** A failed notification never fails the write it follows. */
async function safely(promise: Promise<void>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    console.warn('live update failed', error);
  }
}
