/**
 * One view of a job, from engine to R2: the job runs its producer once per view
 * (worker/generation/run.ts). A job's kind picks the producer, so another kind of job (an
 * edit, an upscale) is one more JOB_KINDS value and one more producer here; the steps, the
 * money batches and the snapshot stay as they are.
 */
import type { JobKind, StoredJobParams } from '#shared/generation-types';
import { storeView } from '../media';
import { processViewImage, type ViewRequest } from '../studio';
import { produceEditView } from './edit-view';
import { produceUpscaleView } from './upscale-view';
import type { ViewContext, ViewOutcome, ViewProducer } from './view-context';

export type { ViewContext, ViewOutcome } from './view-context';

/** One view from engine to R2; a failure reason when any step failed (logged, never thrown). */
async function produceView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { plan } = ctx;
  const request: ViewRequest = {
    prompt: plan.prompt,
    model: plan.model,
    aspectRatio: plan.aspectRatio,
    resolution: plan.resolution,
    seed,
    view: index,
    images: ctx.images,
    history: plan.history,
    // The brief's words, apart from the user's: the engine gets them as quoted data (docs/decisions/0083).
    ...(plan.briefAddition ? { brief: plan.briefAddition } : {}),
    ...(ctx.input ? { input: ctx.input } : {}),
  };
  try {
    const result = await ctx.deps.imageEngine.generateView(request);
    if (!result.ok) {
      console.warn(`view ${index} failed: ${result.reason} (${result.detail})`);
      return { failure: result.reason, ...(result.retryable ? { retryable: true } : {}) };
    }
    const processed = await processViewImage(ctx.deps.images, result.image, {
      resolution: plan.resolution,
      cropTo: plan.model === 'concept' ? plan.aspectRatio : null,
      watermark: ctx.watermark,
    });
    const view = { userId: ctx.userId, generationId: ctx.generationId, index, seed, attempt: ctx.attempt };
    const image = await storeView(ctx.deps, view, processed);
    const signature = result.image.kind === 'encoded' && result.image.thoughtSignature ? { thoughtSignature: result.image.thoughtSignature } : {};
    return { image: { ...image, ...signature } };
  } catch (error) {
    // A failed watermark lands here too: a free user never gets an unmarked image (docs/decisions/0015).
    console.warn(`view ${index} failed`, error);
    return { failure: 'processing' };
  }
}

const VIEW_PRODUCERS: Record<JobKind, ViewProducer> = { generate: produceView, edit: produceEditView, upscale: produceUpscaleView };

/** The producer of the job's kind (jobs stored before kinds existed are generations). */
export function viewProducerOf(params: Pick<StoredJobParams, 'kind'>): ViewProducer {
  return VIEW_PRODUCERS[params.kind ?? 'generate'];
}
