/**
 * The Workflow that runs a generation job durably (docs/decisions/0036): its instance id is the
 * generation's id, its parameters name the job, and everything else is read from D1 and R2. A
 * view is one step, retried by the Workflow with the documented waits (1 s, then 2 s) for
 * retryable failures only; views run at once and land in any order.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers';
import { RECORD_STEP_RETRIES, VIEW_STEP_RETRIES } from '../platform/limits';
import { createDatabase } from '../db/client';
import { notifyBalance, notifyGenerations, notifyJob, notifyProjects } from '../platform/notify';
import { createImageEngine, engineConfigFromEnv } from '../studio';
import { executeJob, type JobRef, type JobRunDeps, type JobSteps } from './run';

type GenerationJobParams = JobRef;

function workflowSteps(step: WorkflowStep): JobSteps {
  return {
    begin: (work) => step.do('begin', { retries: RECORD_STEP_RETRIES }, work),
    // Attempt 1 is the first try; past the last retry a failure is the view's and is recorded.
    view: (index, work) => step.do(`view ${index}`, { retries: VIEW_STEP_RETRIES }, (ctx) => work(ctx.attempt > VIEW_STEP_RETRIES.limit)),
    finish: (work) => step.do('finish', { retries: RECORD_STEP_RETRIES }, work),
  };
}

/** The job's dependencies from the Workflow's environment; the engine makes one attempt a call. */
function workflowDeps(env: Env): JobRunDeps {
  return {
    db: createDatabase(env.DB),
    media: env.MEDIA,
    images: env.IMAGES,
    imageEngine: createImageEngine(engineConfigFromEnv(env), { singleAttempt: true }),
    signingSecret: env.MEDIA_SIGNING_SECRET,
    notifyBalance: (space, profile) => notifyBalance(env, space, profile),
    notifyGenerations: (space) => notifyGenerations(env, space),
    notifyProjects: (space) => notifyProjects(env, space),
    notifyJob: (userId, job) => notifyJob(env, userId, job),
  };
}

export class GenerationWorkflow extends WorkflowEntrypoint<Env, GenerationJobParams> {
  override async run(event: Readonly<WorkflowEvent<GenerationJobParams>>, step: WorkflowStep): Promise<void> {
    await executeJob(workflowSteps(step), workflowDeps(this.env), event.payload);
  }
}
