/** What a view producer (worker/generation/view.ts) is given and gives back. */
import type { GenerationFailureReason, StoredEditParams, StoredImage, StoredJobParams, StoredUpscaleParams } from '#shared/generation-types';
import type { Database } from '../db/client';
import type { ImageEngine, InlineImage, ViewInput, ViewRequest } from '../studio';

/** What every view of a job shares. */
export interface ViewContext {
  deps: { db: Database; imageEngine: ImageEngine; media: R2Bucket; images: ImagesBinding };
  plan: Pick<StoredJobParams, 'prompt' | 'model' | 'aspectRatio' | 'resolution' | 'briefAddition'> & { history: ViewRequest['history'] };
  userId: string;
  generationId: string;
  watermark: boolean;
  images: InlineImage[];
  /** What `images[0]` is and how strictly to follow it, when the request said (docs/decisions/0086). */
  input?: ViewInput;
  /** 2 for a view's re-render for geometry: stored under its own keys beside the first. */
  attempt?: number;
  /** An edit job's source and feather, and its mask (worker/generation/edit-view.ts). */
  edit?: StoredEditParams;
  mask?: InlineImage;
  /** An upscale job's source and the result's size (worker/generation/upscale-view.ts). */
  upscale?: StoredUpscaleParams;
}

/** A stored view, or why it failed; `retryable` when another attempt may cure the failure. */
export type ViewOutcome = { image: StoredImage } | { failure: GenerationFailureReason; retryable?: boolean };

/** Makes view `index` of a job with the given seed; never throws (a failure is its outcome). */
export type ViewProducer = (ctx: ViewContext, index: number, seed: number) => Promise<ViewOutcome>;
