/**
 * The model catalogue: each tier's price, ratios and resolutions live here and nowhere else; its
 * 4K price per view, which only the studio and the Worker need, in shared/print.ts.
 */

export const ENGINE_NAME = 'Parti Engine';

export type ModelId = 'fast' | 'standard' | 'ultra' | 'concept';
export type ModelLabel = 'Fast' | 'Standard' | 'Ultra' | 'Concept';
/** The seed's 1K and 2K (every plan), and 4K: paid plans, on tiers whose Google model renders it. */
export type Resolution = '1K' | '2K' | '4K';
export const PRINT_RESOLUTION = '4K' satisfies Resolution;

/**
 * Google's image model behind each tier by default (configuration may name another). Google's
 * image generation guide lists 512, 1K, 2K and 4K for Gemini 3.1 Flash Image and 1K, 2K and 4K for
 * Gemini 3 Pro Image, so every tier renders 4K (docs/decisions/0089-print-resolution.md); the
 * price of a 4K view is PRINT_CREDITS_PER_VIEW in shared/print.ts. Apart from MODELS, so the app's
 * scripts do not carry it.
 */
export type GoogleImageModel = 'gemini-3.1-flash-image' | 'gemini-3-pro-image';
export const GOOGLE_IMAGE_MODELS: Record<ModelId, GoogleImageModel> = {
  fast: 'gemini-3.1-flash-image',
  standard: 'gemini-3.1-flash-image',
  ultra: 'gemini-3-pro-image',
  concept: 'gemini-3-pro-image',
};

export const STANDARD_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;
export const CONCEPT_RATIOS = [
  '1:1',
  '9:16',
  '16:9',
  '3:4',
  '4:3',
  '3:2',
  '2:3',
  '5:4',
  '4:5',
  '21:9',
] as const;
export type AspectRatio = (typeof CONCEPT_RATIOS)[number];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '1:1';

export interface ModelSpec {
  id: ModelId;
  label: ModelLabel;
  /** The seed's price of a generation at 1K or 2K, whatever its number of views. */
  credits: number;
  aspectRatios: readonly [AspectRatio, ...AspectRatio[]];
  /**
   * The seed's resolutions (1K, 2K) for every plan; the first is the one chosen on switching to the
   * model. 4K is not listed here: resolutionsOf (shared/print.ts) adds it where the tier renders it.
   */
  resolutions: readonly [Resolution, ...Resolution[]];
}

export const MODELS: Record<ModelId, ModelSpec> = {
  fast: { id: 'fast', label: 'Fast', credits: 1, aspectRatios: STANDARD_RATIOS, resolutions: ['1K'] },
  standard: {
    id: 'standard',
    label: 'Standard',
    credits: 2,
    aspectRatios: STANDARD_RATIOS,
    resolutions: ['1K', '2K'],
  },
  ultra: { id: 'ultra', label: 'Ultra', credits: 3, aspectRatios: STANDARD_RATIOS, resolutions: ['2K'] },
  concept: {
    id: 'concept',
    label: 'Concept',
    credits: 4,
    aspectRatios: CONCEPT_RATIOS,
    resolutions: ['1K'],
  },
};

export const MODEL_IDS = Object.keys(MODELS) as ModelId[];
export const DEFAULT_MODEL: ModelId = 'standard';
/**
 * What an unknown model name costs: it runs as Fast
 * (docs/decisions/0030-generation-request-rules.md).
 */
const UNKNOWN_MODEL_CREDITS = 1;

export function isModelId(value: string): value is ModelId {
  return Object.hasOwn(MODELS, value);
}

export function modelCost(model: string): number {
  return isModelId(model) ? MODELS[model].credits : UNKNOWN_MODEL_CREDITS;
}

export function isValidAspectRatio(model: ModelId, ratio: string): ratio is AspectRatio {
  return (MODELS[model].aspectRatios as readonly string[]).includes(ratio);
}

/** An invalid ratio for the model becomes 1:1. */
export function normaliseAspectRatio(model: ModelId, ratio: string | undefined): AspectRatio {
  return ratio !== undefined && isValidAspectRatio(model, ratio) ? ratio : DEFAULT_ASPECT_RATIO;
}

/**
 * The seed's rule: Ultra is 2K, Fast and Concept 1K; Standard takes what was asked, 1K by default.
 * A request's 4K is requestedResolution's (shared/print.ts).
 */
export function normaliseResolution(model: ModelId, requested: string | undefined): Resolution {
  const allowed = MODELS[model].resolutions;
  return (allowed as readonly string[]).includes(requested ?? '') ? (requested as Resolution) : allowed[0];
}

export function ratioValue(ratio: AspectRatio): number {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  return w / h;
}

/** Pixel size of an image at a ratio and resolution: the long side is 1024 (1K), 2048 (2K) or 4096 (4K). */
export function outputSize(ratio: AspectRatio, resolution: Resolution): { width: number; height: number } {
  // RESOLUTION_LONG_SIDE (shared/print.ts) says the same for the app, which needs no outputSize.
  const longSide = resolution === '4K' ? 4096 : resolution === '2K' ? 2048 : 1024;
  const value = ratioValue(ratio);
  return value >= 1
    ? { width: longSide, height: Math.round(longSide / value) }
    : { width: Math.round(longSide * value), height: longSide };
}

/** The listed ratio nearest to width/height within the tolerance, else 1:1. */
export function detectAspectRatio(width: number, height: number, tolerance = 0.1): AspectRatio {
  const value = width / height;
  let best: AspectRatio = DEFAULT_ASPECT_RATIO;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const ratio of CONCEPT_RATIOS) {
    const distance = Math.abs(ratioValue(ratio) - value);
    if (distance < bestDistance) {
      best = ratio;
      bestDistance = distance;
    }
  }
  return bestDistance <= tolerance ? best : DEFAULT_ASPECT_RATIO;
}
