/**
 * The Gemini image engine (docs/decisions/0020): one generateContent call per view, with the
 * tier's model from configuration, imageConfig for ratio and size, and for Concept the input
 * images and conversation history. A response without an image part is a failed view,
 * whatever its finish reason: safety blocks arrive as HTTP 200.
 */
import type { Content, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type { GenerationFailureReason } from '#shared/generation-types';
import { CONCEPT_MAX_OUTPUT_TOKENS, PROVIDER_TIMEOUTS_MS } from '../../platform/limits';
import { fromBase64 } from '../../platform/base64';
import { briefPart } from './brief-part';
import { promptWithInput } from '../input-instructions';
import { geminiClient, type GeminiConfig } from './config';
import { editParts } from '../region-edit/model-input';
import { upscalePrompt } from './upscale-prompt';
import { isRetryable, ProviderTimeoutError, withRetry, withTimeout } from './retry';
import type { EngineImage, ImageEngine, RegionEditRequest, UpscaleRequest, ViewRequest, ViewResult } from './types';

/**
 * The user's turn: the prompt (after the input image's instructions, when there is one), then the
 * brief as a quoted data part of its own (brief-part.ts), then the images, the input first.
 */
function contentsFor(request: ViewRequest): Content[] {
  const images = request.images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } }));
  const brief = request.brief ? [{ text: briefPart(request.brief) }] : [];
  return [...request.history, { role: 'user', parts: [{ text: promptWithInput(request.prompt, request.input) }, ...brief, ...images] }];
}

/**
 * The first final inline image of the first candidate that has one. Parts marked `thought` are
 * the model's interim drafts (Gemini 3 image models think in images), never the result. The
 * part's thought signature comes along, for a later refinement to send back.
 */
export function imageFromResponse(response: GenerateContentResponse): EngineImage | null {
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      const data = part.inlineData?.data;
      if (part.thought === true || !data || !part.inlineData?.mimeType?.startsWith('image/')) continue;
      const signature = part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {};
      return { kind: 'encoded', bytes: fromBase64(data), mimeType: part.inlineData.mimeType, ...signature };
    }
  }
  return null;
}

const SAFETY_FINISHES = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_PROHIBITED_CONTENT']);

/** Why a response held no image: a safety block, or a finish without one. */
function missingImageReason(response: GenerateContentResponse): { reason: GenerationFailureReason; detail: string } {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) return { reason: 'blocked', detail: `blocked: ${blocked}` };
  const finish = response.candidates?.[0]?.finishReason;
  if (finish && SAFETY_FINISHES.has(finish)) return { reason: 'blocked', detail: `finishReason ${finish}` };
  return { reason: 'no_image', detail: finish ? `no image (finishReason ${finish})` : 'no image' };
}

/** A call that threw: out of time, or the provider failing or refusing; and whether to try again. */
function thrownReason(error: unknown): { reason: GenerationFailureReason; detail: string; retryable: boolean } {
  const detail = error instanceof Error ? error.message : String(error);
  return { reason: error instanceof ProviderTimeoutError ? 'timeout' : 'provider_error', detail, retryable: isRetryable(error) };
}

export class GeminiImageEngine implements ImageEngine {
  readonly name = 'gemini' as const;
  readonly parallelViews = true;
  private readonly client: GoogleGenAI;

  /**
   * `retryDelays` empty makes one attempt per call: the Workflow retries a view's whole step
   * itself (docs/decisions/0036), and a retryable failure comes back marked so.
   */
  constructor(
    private readonly config: GeminiConfig,
    private readonly wait?: (ms: number) => Promise<void>,
    private readonly retryDelays?: readonly number[],
  ) {
    this.client = geminiClient(config);
  }

  private call(request: ViewRequest, abortSignal: AbortSignal): Promise<GenerateContentResponse> {
    return this.client.models.generateContent({
      model: this.config.imageModels[request.model],
      contents: contentsFor(request),
      config: {
        responseModalities: ['IMAGE'],
        imageConfig: { aspectRatio: request.aspectRatio, imageSize: request.resolution },
        seed: request.seed,
        ...(request.model === 'concept' ? { maxOutputTokens: CONCEPT_MAX_OUTPUT_TOKENS } : {}),
        abortSignal,
      },
    });
  }

  async generateView(request: ViewRequest): Promise<ViewResult> {
    return this.attempt(request.resolution, (signal) => this.call(request, signal));
  }

  /**
   * One generateContent call with the crop, the instruction and the mask (../region-edit/model-input.ts),
   * asking for an image of the crop's ratio: the model answers at its own size.
   */
  async editRegion(request: RegionEditRequest): Promise<ViewResult> {
    let parts: Content['parts'];
    try {
      parts = editParts(request);
    } catch (error) {
      return { ok: false, reason: 'processing', detail: error instanceof Error ? error.message : String(error) };
    }
    return this.attempt(request.resolution, (abortSignal) =>
      this.client.models.generateContent({
        model: this.config.imageModels[request.model],
        contents: [{ role: 'user', parts }],
        config: {
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio: request.aspectRatio, imageSize: request.resolution },
          seed: request.seed,
          abortSignal,
        },
      }),
    );
  }

  /** One generateContent call with the instruction and the source, at the ratio and size of the result. */
  async upscale(request: UpscaleRequest): Promise<ViewResult> {
    const image = { inlineData: { mimeType: request.image.mimeType, data: request.image.data } };
    return this.attempt(request.resolution, (abortSignal) =>
      this.client.models.generateContent({
        model: this.config.imageModels[request.model],
        contents: [{ role: 'user', parts: [{ text: upscalePrompt(request) }, image] }],
        config: {
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio: request.aspectRatio, imageSize: request.resolution },
          seed: request.seed,
          abortSignal,
        },
      }),
    );
  }

  /** A call with its time limit and retries, its answer read as an image or the reason there is none. */
  private async attempt(resolution: ViewRequest['resolution'], call: (signal: AbortSignal) => Promise<GenerateContentResponse>): Promise<ViewResult> {
    const timeoutMs = this.config.timeouts?.image?.[resolution] ?? PROVIDER_TIMEOUTS_MS.image[resolution];
    try {
      const response = await withRetry(() => withTimeout(timeoutMs, call), this.retryDelays, this.wait);
      const image = imageFromResponse(response);
      return image ? { ok: true, image } : { ok: false, ...missingImageReason(response) };
    } catch (error) {
      return { ok: false, ...thrownReason(error) };
    }
  }
}
