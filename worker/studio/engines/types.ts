/** The contracts every image and text engine meets (docs/decisions/0020, 0021). */
import type { PromptValidationResponse } from '#shared/api-types';
import type { ImageEngineName } from '#shared/generation-types';
import type { GenerationFailureReason } from '#shared/generation-types';
import type { AspectRatio, ModelId, Resolution } from '#shared/models';
import type { ViewInput } from '../input-instructions';

export interface InlineImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** Base64 without a data: prefix. */
  data: string;
}

/** A part of an earlier turn; a model turn's parts carry the model's thought signature back (Gemini 3). */
type HistoryPart = ({ text: string } | { inlineData: InlineImage }) & { thoughtSignature?: string };

export interface HistoryTurn {
  role: 'user' | 'model';
  parts: HistoryPart[];
}

/** What one view needs: the same for every view of a request except its seed. */
export interface ViewRequest {
  prompt: string;
  model: ModelId;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  seed: number;
  /**
   * Which view of its batch this is, from 0 (absent: 0); `seed` is the batch's seed plus this.
   * The preview engine turns its camera by it, keeping one scene across the batch.
   */
  view?: number;
  /** Reference and input images, already limited to MAX_INPUT_IMAGES (Concept only). */
  images: InlineImage[];
  /** Earlier turns for Concept and refinement. */
  history: HistoryTurn[];
  /**
   * The project brief's words, apart from the user's prompt: data about the project that an
   * engine applies where the prompt leaves room, never instructions (docs/decisions/0083).
   */
  brief?: string;
  /**
   * Set when the request started from the architect's own image: `images[0]` is that image, of
   * this type, to be followed this strictly (worker/studio/input-instructions.ts).
   */
  input?: ViewInput;
}

/** An engine's output: encoded bytes (Gemini), or raw RGBA pixels (preview, saves a decode). */
export type EngineImage =
  | { kind: 'encoded'; bytes: Uint8Array; mimeType: string; thoughtSignature?: string }
  | { kind: 'rgba'; pixels: Uint8Array; width: number; height: number };

/** A failed view says why, as a reason the user is shown, and a detail for the logs. */
export type ViewResult =
  | { ok: true; image: EngineImage }
  /** `retryable`: a dropped connection, a timeout, a 429 or a 5xx that another attempt may cure. */
  | { ok: false; reason: GenerationFailureReason; detail: string; retryable?: boolean };

/**
 * A region edit as an engine receives it (docs/decisions/0084-region-edit.md): a crop of the
 * source's master with the region to change marked in it. The engine answers with the whole crop
 * redrawn, at whatever size its model renders; the caller brings it back to the crop's size and
 * lines it up.
 */
export interface RegionEditRequest {
  /** The crop, RGBA, four bytes a pixel. */
  image: { pixels: Uint8Array; width: number; height: number };
  /** One byte a pixel of `image`: 1 inside the region to change. */
  mask: Uint8Array;
  instruction: string;
  model: ModelId;
  /** The crop's ratio (one the model renders) and the size to ask for. */
  aspectRatio: AspectRatio;
  resolution: Resolution;
  seed: number;
}

/**
 * A ×2 upscale as an engine receives it (docs/decisions/0089-print-resolution.md): the source image
 * and the size wanted. The engine answers with the image redrawn at about that size, the design
 * unchanged; the caller brings the answer to the exact size.
 */
export interface UpscaleRequest {
  image: InlineImage;
  /** The result's exact size. */
  width: number;
  height: number;
  model: ModelId;
  /** The rendered ratio nearest the source's, and the size to ask for. */
  aspectRatio: AspectRatio;
  resolution: Resolution;
  seed: number;
}

export interface ImageEngine {
  readonly name: ImageEngineName;
  /**
   * Whether views should be requested at once. True for a remote engine (its latency overlaps);
   * false for one that renders on the Worker's own thread, where overlapping gains nothing and
   * holding every raw frame at once would press on the 128 MB isolate limit.
   */
  readonly parallelViews: boolean;
  /** Renders one view; never throws: a failure is a result so sibling views carry on. */
  generateView(request: ViewRequest): Promise<ViewResult>;
  /** Redraws the marked region of a crop as the instruction says; never throws, like generateView. */
  editRegion(request: RegionEditRequest): Promise<ViewResult>;
  /** Redraws an image at about twice its size with more detail and the same design; never throws. */
  upscale(request: UpscaleRequest): Promise<ViewResult>;
}

export type PromptVerdict = PromptValidationResponse;

export interface TextEngine {
  /**
   * Classifies a prompt together with the project brief's words the engine will get beside it
   * ('' outside a project); failures come back as verdicts with the studio's fixed messages.
   */
  classify(prompt: string, brief?: string): Promise<PromptVerdict>;
  enhance(prompt: string): Promise<string>;
}
