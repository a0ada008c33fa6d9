/**
 * The body of POST /api/generate: its schema and normalising rules
 * (docs/decisions/0030-generation-request-rules.md).
 */
import { z } from 'zod';
import { DEFAULT_FIDELITY, FIDELITY_STEPS, INPUT_TYPES, type FidelityStep, type InputType } from '#shared/drawing-inputs';
import type { GenerationType } from '#shared/generation-types';
import { MAX_INPUT_IMAGES, MAX_VIEWS, MIN_VIEWS, INITIAL_VIEWS, PROMPT_MAX_CHARS } from '#shared/limits';
import { MAX_HISTORY_BYTES, MAX_HISTORY_PARTS_PER_TURN, MAX_HISTORY_TURNS, MAX_INLINE_IMAGE_CHARS, MAX_THOUGHT_SIGNATURE_CHARS, REFERENCE_PATH_MAX_CHARS } from '../platform/limits';
import { generationRequestMessages, studioMessages } from '#shared/messages';
import { DEFAULT_MODEL, isModelId, normaliseAspectRatio, type AspectRatio, type ModelId, type Resolution } from '#shared/models';
import { generationCost, requestedResolution } from '#shared/print';
import { sanitisePrompt, type HistoryTurn, type InputImageSource } from '../studio';
import { AppError } from '../platform/errors';
import { spaceField } from '../platform/space';

const inlineImage = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  data: z.string().max(MAX_INLINE_IMAGE_CHARS),
});
/** Gemini 3 signs each model turn; the studio sends the signature back with the turn's part. */
const thoughtSignature = z.string().max(MAX_THOUGHT_SIGNATURE_CHARS).optional();
const historyPart = z.union([
  z.object({ text: z.string().max(PROMPT_MAX_CHARS * 5), thoughtSignature }),
  z.object({ inlineData: inlineImage, thoughtSignature }),
]);
const historySchema = z.array(z.object({ role: z.enum(['user', 'model']), parts: z.array(historyPart).min(1) }));

/** Characters a history sends upstream: its texts and its base64 images. */
function historyBytes(turns: HistoryTurn[]): number {
  let total = 0;
  for (const turn of turns) for (const part of turn.parts) total += 'text' in part ? part.text.length : part.inlineData.data.length;
  return total;
}

export const generateBodySchema = z.object({
  prompt: z.string().max(PROMPT_MAX_CHARS * 10).default(''),
  aspectRatio: z.string().max(10).optional(),
  numberOfViews: z.number().int().min(MIN_VIEWS).max(MAX_VIEWS).default(INITIAL_VIEWS),
  model: z.string().max(40).default(DEFAULT_MODEL),
  resolution: z.string().max(4).optional(),
  isRefinement: z.boolean().default(false),
  generationType: z.enum(['text-to-image', 'image-to-image']).optional(),
  referenceImages: z.array(z.string().max(REFERENCE_PATH_MAX_CHARS * 2)).max(20).default([]),
  images: z.array(z.string().max(MAX_INLINE_IMAGE_CHARS + 100)).max(20).default([]),
  // Checked in planGeneration, so every fault answers with the one history message.
  conversationHistory: z.unknown().optional(),
  /**
   * Ours, not the original product's: makes a preview reproducible
   * (docs/decisions/0020-image-engines.md).
   */
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  /**
   * The project to make it in (null: outside any) and the generation it comes from; both the
   * caller's own, else a 404 before any charge (docs/decisions/0064-generating-in-a-project.md).
   * Without projectId a generation made from a parent goes into the parent's project.
   */
  projectId: z.string().min(1).max(64).nullable().optional(),
  parentId: z.string().min(1).max(64).optional(),
  /**
   * What the first reference image is, and how strictly to follow it (1 most creative … 5 most
   * precise; the type's default when absent). Only with a reference image
   * (docs/decisions/0086-geometry-fidelity.md).
   */
  inputType: z.enum(INPUT_TYPES).optional(),
  fidelity: z.literal(FIDELITY_STEPS).optional(),
  /**
   * false: this one generation is made without the project's brief (the studio's "Don't apply the
   * brief to this generation"); it still goes into the project.
   */
  applyBrief: z.boolean().default(true),
  /** The workspace whose pool pays (instead of the query's; docs/api.md "Workspaces (teams)"). */
  ...spaceField,
});

export type GenerateBody = z.infer<typeof generateBodySchema>;

export interface GenerationPlan {
  prompt: string;
  model: ModelId;
  /** What the request asked for, used for the price when the name was unknown. */
  requestedModel: string;
  /** Before the plan's rules: the seed's price at 1K and 2K, the tier's price per view at 4K. */
  cost: number;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  views: number;
  isRefinement: boolean;
  generationType: GenerationType;
  inputs: InputImageSource[];
  history: HistoryTurn[];
  seed: number | undefined;
  warning: string | undefined;
  /** The first input image's type and step, when the request named one. */
  input: { type: InputType; fidelity: FidelityStep } | null;
}

function invalid(message: string, field: string): AppError {
  return new AppError('invalid_request', message, { field });
}

/** Turns of role user or model, each with text or inline image parts; the last 20 kept, within the caps. */
function parseHistory(value: unknown): HistoryTurn[] {
  if (value === undefined || value === null) return [];
  const parsed = historySchema.safeParse(value);
  if (!parsed.success) throw invalid(generationRequestMessages.invalidConversationHistory, 'conversationHistory');
  // Capped in turns, parts and bytes: a clear 400 rather than megabytes sent upstream.
  const tooLarge = () => invalid(generationRequestMessages.historyTooLarge, 'conversationHistory');
  if (parsed.data.length > MAX_HISTORY_TURNS * 5) throw tooLarge();
  const kept = parsed.data.slice(-MAX_HISTORY_TURNS);
  if (kept.some((turn) => turn.parts.length > MAX_HISTORY_PARTS_PER_TURN)) throw tooLarge();
  if (historyBytes(kept) > MAX_HISTORY_BYTES) throw tooLarge();
  return kept;
}

/**
 * Applies docs/decisions/0030-generation-request-rules.md; a request that cannot run throws, before
 * any charge.
 */
export function planGeneration(body: GenerateBody): GenerationPlan {
  // "Unknown model defaults to cost 1 (fast)": it runs as Fast.
  const model: ModelId = isModelId(body.model) ? body.model : 'fast';
  const allInputs: InputImageSource[] = [
    ...body.referenceImages.map((path): InputImageSource => ({ kind: 'reference', path })),
    ...body.images.map((data): InputImageSource => ({ kind: 'inline', data })),
  ];
  if (body.isRefinement && model !== 'concept') throw invalid(studioMessages.refineOnlyConcept, 'isRefinement');
  if (allInputs.length > 0 && model !== 'concept') {
    throw invalid(generationRequestMessages.imagesOnlyConcept, 'model');
  }
  if (body.inputType && allInputs.length === 0) throw invalid(generationRequestMessages.inputTypeNeedsImage, 'inputType');
  if (body.fidelity !== undefined && !body.inputType) throw invalid(generationRequestMessages.fidelityNeedsInputType, 'fidelity');
  const history = parseHistory(body.conversationHistory);
  const imageToImage = body.isRefinement || body.generationType === 'image-to-image' || allInputs.length > 0;
  if (imageToImage && allInputs.length === 0) {
    throw invalid(generationRequestMessages.imageToImageNeedsImage, 'referenceImages');
  }
  const resolution = requestedResolution(model, body.resolution);
  return {
    prompt: sanitisePrompt(body.prompt),
    model,
    requestedModel: body.model,
    // An unknown name runs as Fast, and costs what Fast costs at the resolution it runs at.
    cost: generationCost(model, resolution, body.numberOfViews),
    aspectRatio: normaliseAspectRatio(model, body.aspectRatio),
    resolution,
    views: body.numberOfViews,
    isRefinement: body.isRefinement,
    generationType: imageToImage ? 'image-to-image' : 'text-to-image',
    inputs: allInputs.slice(0, MAX_INPUT_IMAGES),
    history: model === 'concept' ? history : [],
    seed: body.seed,
    warning: allInputs.length > MAX_INPUT_IMAGES ? studioMessages.extraImagesIgnored : undefined,
    input: body.inputType ? { type: body.inputType, fidelity: body.fidelity ?? DEFAULT_FIDELITY[body.inputType] } : null,
  };
}
