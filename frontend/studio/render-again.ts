/**
 * "Render again, more precise" (docs/decisions/0093-drawing-inputs-ui.md): a view rendered from the
 * user's drawing asks for a new generation at the normal price — the same drawing, type and
 * words, as many views as the batch, one Precise ↔ Creative step more precise (at the most
 * precise, the same step again) — made from the batch, so it lands in its project and lineage.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { FidelityStep } from '#shared/drawing-inputs';
import { studioMessages } from '#shared/messages/studio';
import { DEFAULT_ASPECT_RATIO, MODELS, type ModelId } from '#shared/models';
import type { Plan } from '#shared/plans';
import { requestedResolution } from '#shared/print';
import type { GenerateRequest } from '../api/studio';
import { generateJob } from '../api/jobs';
import { useAuth } from '../auth/store';
import { fidelityCopy } from '../fidelity/copy';
import { morePreciseStep } from '../fidelity/rules';
import { applyJob } from '../queries/jobs';
import { applyBalance } from '../queries/profile';
import { spaceBalanceNow } from '../workspaces/hooks';
import { NOTICE_DURATION_MS, notify } from '../shell/notices';
import { failureMessage } from './generate';
import type { StudioBatch } from './history';
import { newIdempotencyKey, sendOnce } from './idempotency';
import { chargeFor, type GenerationChoice } from './input-rules';
import { adoptedRatio } from './rules';

/** The Worker renders input images with Concept only (studioMessages.onlyConceptWithImages). */
const INPUT_MODEL: ModelId = 'concept';

/** What a render again is charged as: Concept at its own resolution, as many views as the batch. */
function renderAgainChoice(batch: Pick<StudioBatch, 'images'>): GenerationChoice {
  return { model: INPUT_MODEL, resolution: requestedResolution(INPUT_MODEL, undefined), views: batch.images.length };
}

/** What "Render again, more precise" offers on a batch's views: the step and the price; none for a batch not made from a drawing. */
export function renderAgainOffer(batch: Pick<StudioBatch, 'input' | 'images'>, plan: Plan): { step: FidelityStep; credits: number } | undefined {
  return batch.input ? { step: morePreciseStep(batch.input.fidelity), credits: chargeFor(plan, renderAgainChoice(batch)) } : undefined;
}

/** What "Render again, more precise" needs of a batch. */
type RenderAgainSource = Pick<StudioBatch, 'id' | 'prompt' | 'images' | 'input'>;

/** The generate request for a batch made from a drawing, or null for any other batch. */
export function renderAgainRequest(batch: RenderAgainSource): GenerateRequest | null {
  const { input } = batch;
  const first = batch.images[0];
  if (!input || !first) return null;
  return {
    prompt: batch.prompt,
    model: INPUT_MODEL,
    aspectRatio: adoptedRatio(INPUT_MODEL, DEFAULT_ASPECT_RATIO, first.width, first.height),
    numberOfViews: batch.images.length,
    isRefinement: false,
    referenceImages: input.referencePaths,
    inputType: input.type,
    fidelity: morePreciseStep(input.fidelity),
    parentId: batch.id,
  };
}

/**
 * Sends it as a job, as Generate does (one Idempotency-Key, retried with it while the answer is
 * lost): the job joins the history at once. Resolves true once the Worker took it.
 */
export function useRenderAgain(): (batch: RenderAgainSource) => Promise<boolean> {
  const client = useQueryClient();
  return async (batch) => {
    const userId = useAuth.getState().userId;
    // The current space's balance: the user's own, or the workspace's pool.
    const balance = spaceBalanceNow(client);
    const request = renderAgainRequest(batch);
    if (!userId || !balance) {
      notify(studioMessages.loginToUseCredits, { tone: 'error' });
      return false;
    }
    if (!request) return false;
    const cost = chargeFor(balance.plan, renderAgainChoice(batch));
    if (balance.credits < cost) {
      notify(studioMessages.notEnoughCredits(cost, MODELS[INPUT_MODEL].label), { tone: 'error' });
      return false;
    }
    try {
      const answer = await sendOnce((key) => generateJob(request, key), newIdempotencyKey());
      if (answer.kind === 'clarification') {
        notify(answer.feedback || studioMessages.needsRefinementDefault, { tone: 'warning', durationMs: NOTICE_DURATION_MS });
        return false;
      }
      // The job is made from the batch: it joins the batch's project and is named there when it ends.
      const { job, creditsLeft } = answer.accepted;
      applyBalance(client, userId, { credits: creditsLeft, workspaceId: job.workspaceId });
      applyJob(client, userId, job);
      notify(fidelityCopy.renderingAgain, { tone: 'info' });
      return true;
    } catch (error) {
      notify(failureMessage(error, false), { tone: 'error', durationMs: NOTICE_DURATION_MS });
      return false;
    }
  };
}
