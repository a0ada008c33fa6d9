/**
 * A generation run to its end inside the calling invocation, through the same steps the Workflow
 * runs (worker/generation/run.ts), with the engine retrying its own calls. Used where the caller holds
 * the engine itself (tests that swap it, the bench); the API's route runs jobs on the Workflow.
 */
import type { GenerateClarificationResponse, GenerateFailureResponse, GenerateSuccessResponse } from '#shared/api-types';
import type { PublicUser } from '../platform/context';
import { personalSpace } from '../platform/space';
import type { GenerateBody } from './request';
import { submitGeneration, type GenerationDeps } from './submit';
import { executeJob, type JobSteps } from './run';
import { findJob } from './queries';
import { isJobRow, jobResult, jobSnapshot } from './snapshot';

export type GenerationOutcome =
  | { status: 200; body: GenerateSuccessResponse | GenerateClarificationResponse }
  | { status: 502; body: GenerateFailureResponse };

const inlineSteps: JobSteps = {
  begin: (work) => work(),
  // The engine already retried (1 s, then 2 s): whatever comes back is the view's outcome.
  view: (_index, work) => work(true),
  finish: async (work) => {
    try {
      await work();
    } catch (error) {
      // A failed save is only logged (docs/decisions/0031): the job stays pending and the sweeper closes it.
      console.error('finishing the generation failed', error);
    }
  },
};

/** A generation in the user's personal space, run to its end here. */
export async function runGeneration(deps: GenerationDeps, user: PublicUser, body: GenerateBody): Promise<GenerationOutcome> {
  const submitted = await submitGeneration(deps, personalSpace(user), body);
  if (submitted.kind === 'clarification') return { status: 200, body: submitted.body };
  const ref = { userId: user.id, generationId: submitted.generationId };
  await executeJob(inlineSteps, deps, ref);
  const row = await findJob(deps.db, ref.userId, ref.generationId);
  if (!isJobRow(row)) throw new Error(`job ${ref.generationId} is missing`);
  const snapshot = await jobSnapshot(row, { signingSecret: deps.signingSecret, now: deps.now?.() ?? Date.now() });
  const result = snapshot.result ?? jobResult(row, snapshot.views, deps.now?.() ?? Date.now());
  return result.success ? { status: 200, body: result } : { status: 502, body: result };
}
