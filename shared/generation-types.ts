import type { FidelityStep, InputType } from './drawing-inputs';
import type { AspectRatio, ModelId, Resolution } from './models';
import type { Plan } from './plans';

export type ImageEngineName = 'gemini' | 'preview';
export type GenerationType = 'text-to-image' | 'image-to-image';

/** One stored output image of a generation, as kept in `generations.images`. */
export interface StoredImage {
  /** R2 key of the full JPEG. */
  key: string;
  /** The full JPEG's size in bytes; absent on images saved before ZIP downloads (docs/decisions/0089-print-resolution.md). */
  bytes?: number;
  /** R2 key of the thumbnail JPEG (long side at most 512 px). */
  thumbKey: string;
  /** A tiny placeholder shown until the thumbnail arrives (ThumbHash, base64). */
  placeholder: string;
  width: number;
  height: number;
  seed: number;
  /**
   * The WebP ladder, narrowest first (docs/decisions/0040-webp-rendition-ladder.md): named at save,
   * each rung made on its first request (docs/decisions/0100). Absent on rows saved before it.
   */
  renditions?: StoredRendition[];
  /**
   * The model's signature of the turn that made this image (Gemini 3): sent back with the image
   * when a later refinement puts it in the conversation history.
   */
  thoughtSignature?: string;
  /**
   * R2 key of the private lossless master (PNG) the JPEG, watermark and renditions were made from
   * (docs/decisions/0084-region-edit.md). Absent on images saved before masters: an edit of one
   * makes it from the decoded JPEG and records it here.
   */
  masterKey?: string;
  /** Geometry fidelity, for a view of a sketch, model view or drawing once scored (docs/decisions/0086). */
  fidelity?: StoredFidelity;
}

/** A view's geometry fidelity as stored with its image. */
export interface StoredFidelity {
  /** Structural recall of the input's lines (an upscale's: its source's), 0–1. */
  score: number;
  /** Re-rendered once, free, because the first render scored under the threshold. */
  retried: boolean;
  /** R2 key of the fidelity map (PNG), served only through the fidelity-map routes. */
  mapKey: string;
  /** After a re-render, the render not chosen: its own image, score and map. */
  alternate?: { image: StoredImage; score: number; mapKey: string };
}

/** One WebP rendition of a stored image; its key names a hash of its bytes (content-addressed). */
export interface StoredRendition {
  key: string;
  width: number;
  height: number;
}

/** The kinds of job; each makes its views its own way (worker/generation/view.ts). */
export const JOB_KINDS = ['generate', 'edit', 'upscale'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What an edit job keeps of its source, beside the instruction in `prompt` (docs/decisions/0084-region-edit.md). */
export interface StoredEditParams {
  sourceId: string;
  sourceIndex: number;
  /** The feather band's width in pixels of the source, chosen at submit (at most EDIT_FEATHER_MAX_PX). */
  featherPx: number;
  /** The source image's size: the mask's and the result's. */
  width: number;
  height: number;
  /** Who made the source, when someone else in the job's workspace did (its images are under their id). */
  sourceUserId?: string;
}

/** What a generation made by a region edit keeps of it (`generations.edit`). */
export interface StoredEdit {
  sourceId: string;
  sourceIndex: number;
  /** R2 key of the mask (white: edited) at the source's size, beside the result's images. */
  maskKey: string;
  featherPx: number;
}

/** What an upscale job keeps of its source (docs/decisions/0089-print-resolution.md). */
export interface StoredUpscaleParams {
  sourceId: string;
  sourceIndex: number;
  /** The result's exact size: twice the source's, the long side at most UPSCALE_MAX_LONG_SIDE. */
  width: number;
  height: number;
  /** Who made the source, when someone else in the job's workspace did (its images are under their id). */
  sourceUserId?: string;
}

/** What a job keeps of its request: enough to run its views and to show it (`generation_jobs.params`). */
export interface StoredJobParams {
  /** Absent on jobs stored before kinds existed: those are `generate`. */
  kind?: JobKind;
  prompt: string;
  model: ModelId;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  generationType: GenerationType;
  numberOfViews: number;
  /** Stored images the request named (uploads or the caller's own results). */
  referenceImages: string[];
  /** The first view's seed; view i uses seed + i. */
  seed: number;
  engine: ImageEngineName;
  userPlan: Plan;
  /** R2 key of the input images and history, when the request had any. */
  inputKey: string | null;
  warning?: string;
  /** The project it is made in and the generation it came from; absent on older jobs. */
  projectId?: string | null;
  parentId?: string | null;
  /**
   * The words the project's brief adds to `prompt` (which stays the user's own), cut to fit beside
   * it (briefWithinLimit, shared/brief.ts): the engine receives them apart from the prompt, as
   * quoted data (docs/decisions/0083).
   */
  briefAddition?: string | null;
  /** The project's brief version when the job was made. */
  briefVersion?: number | null;
  /** Set on `edit` jobs: the image edited and the feather chosen. */
  edit?: StoredEditParams;
  /**
   * What the first input image is and how strictly the views follow it (1 creative … 5 precise);
   * absent when the request named no input type (docs/decisions/0086-geometry-fidelity.md).
   */
  inputType?: InputType;
  fidelity?: FidelityStep;
  /** Set on `upscale` jobs: the image upscaled and the result's size. */
  upscale?: StoredUpscaleParams;
  /**
   * The team workspace the job is made in and paid from (docs/decisions/0096-workspaces.md); absent
   * or null: the user's personal space. `userPlan` is then the workspace's plan.
   */
  workspaceId?: string | null;
}

/** Where a generation's charge stands: work running, delivered, or refunded. */
export const GENERATION_JOB_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * Why a view (or a whole generation) produced no image. `interrupted` is the sweeper's: the
 * Worker running the job stopped before it finished. `misaligned` is an edit's: twice the model's
 * answer could not be registered against the source within EDIT_REGISTRATION_TOLERANCE_PX.
 * `drifted` is an upscale's: twice its result kept too little of the source's lines
 * (worker/generation/upscale-fidelity.ts).
 */
export const GENERATION_FAILURE_REASONS = ['timeout', 'blocked', 'no_image', 'provider_error', 'processing', 'interrupted', 'misaligned', 'drifted'] as const;
export type GenerationFailureReason = (typeof GENERATION_FAILURE_REASONS)[number];
