/**
 * Print-ready output (docs/decisions/0089-print-resolution.md, api.md "Print resolution, upscale,
 * downloads"): 4K per tier and its price, the ×2 upscale's size and price, the resolution class of
 * an image by its pixels, the dots per inch an image gives a printed cell, and the caps of a ZIP
 * download. The Worker and the app read these same rules. Apart from shared/models.ts, whose
 * catalogue the landing's scripts carry: none of this loads on `/`.
 */
import { isModelId, MODELS, modelCost, normaliseResolution, PRINT_RESOLUTION, type ModelId, type Resolution } from './models';

/** The long side of each resolution in Parti's own sizes (outputSize's; Gemini's ratio table differs a little). */
export const RESOLUTION_LONG_SIDE: Record<Resolution, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };

/**
 * Credits for each view at 4K, from the provider's cost (docs/decisions/0089-print-resolution.md);
 * null would mean a tier whose model cannot render 4K.
 */
export const PRINT_CREDITS_PER_VIEW: Record<ModelId, number | null> = { fast: 3, standard: 3, ultra: 6, concept: 8 };

function supportsPrintResolution(model: ModelId): boolean {
  return PRINT_CREDITS_PER_VIEW[model] !== null;
}

/** Every resolution the tier renders: the seed's, then 4K where its model renders it (paid plans only). */
export function resolutionsOf(model: ModelId): Resolution[] {
  return supportsPrintResolution(model) ? [...MODELS[model].resolutions, PRINT_RESOLUTION] : [...MODELS[model].resolutions];
}

/** A request's resolution: 4K when asked on a tier that renders it, else the seed's rule (normaliseResolution). */
export function requestedResolution(model: ModelId, requested: string | undefined): Resolution {
  return requested === PRINT_RESOLUTION && supportsPrintResolution(model) ? PRINT_RESOLUTION : normaliseResolution(model, requested);
}

/**
 * What a generation costs before any plan rule (enterprise pays nothing): at 1K and 2K the seed's
 * price of the tier whatever the views (an unknown model name costs as Fast); at 4K the tier's
 * price per view times the views, as the provider charges per image.
 */
export function generationCost(model: string, resolution: Resolution, views: number): number {
  if (resolution === PRINT_RESOLUTION && isModelId(model)) {
    const perView = PRINT_CREDITS_PER_VIEW[model];
    if (perView !== null) return perView * views;
  }
  return modelCost(model);
}

/** An upscale doubles both sides… */
const UPSCALE_FACTOR = 2;
/** …up to this long side; an image already this long is refused (400). */
export const UPSCALE_MAX_LONG_SIDE = 4096;

/**
 * A resolution class holds up to this much more than its nominal square: Google's sizes for other
 * ratios (1K 4:3 is 1200 × 896, 4K 4:3 is 4800 × 3584) are about the square's pixels, a little over.
 */
const CLASS_PIXEL_TOLERANCE = 1.1;

/** The resolution an image of this size is, by its pixels: 1K up to about 1024², 2K up to about 2048², else 4K. */
export function resolutionClassOf(width: number, height: number): Resolution {
  const pixels = width * height;
  if (pixels <= RESOLUTION_LONG_SIDE['1K'] ** 2 * CLASS_PIXEL_TOLERANCE) return '1K';
  if (pixels <= RESOLUTION_LONG_SIDE['2K'] ** 2 * CLASS_PIXEL_TOLERANCE) return '2K';
  return PRINT_RESOLUTION;
}

/** The most pixels an image of the 4K class has (Google's largest 4K size, 4800 × 3584, is within it). */
export const PRINT_MAX_PIXELS = Math.floor(RESOLUTION_LONG_SIDE['4K'] ** 2 * CLASS_PIXEL_TOLERANCE);

/**
 * The size an upscale of a `width` × `height` image has: twice each side, scaled down to keep the
 * long side within UPSCALE_MAX_LONG_SIDE (the ratio kept); null when the image is already that long.
 */
function upscaleSize(width: number, height: number): { width: number; height: number } | null {
  const longSide = Math.max(width, height);
  if (longSide >= UPSCALE_MAX_LONG_SIDE) return null;
  const scale = Math.min(UPSCALE_FACTOR, UPSCALE_MAX_LONG_SIDE / longSide);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The tier every upscale renders on, whatever made the source: Ultra's model (Gemini 3 Pro Image)
 * is Google's most faithful at keeping a picture's design and text while adding detail
 * (docs/decisions/0089-print-resolution.md).
 */
export const UPSCALE_MODEL: ModelId = 'ultra';

export interface UpscaleQuote {
  width: number;
  height: number;
  /** What the result is rendered and priced at: 2K up to about 2048² pixels, else 4K. */
  resolution: Resolution;
  /** Credits before the plan's rules (enterprise pays nothing): one view of UPSCALE_MODEL at `resolution`. */
  credits: number;
  /** A 4K result, like any 4K render, is for paid plans only. */
  paidPlansOnly: boolean;
}

/** What upscaling a `width` × `height` image makes and costs; null when it is already at the limit (400). */
export function upscaleQuote(width: number, height: number): UpscaleQuote | null {
  const size = upscaleSize(width, height);
  if (!size) return null;
  if (resolutionClassOf(size.width, size.height) !== PRINT_RESOLUTION) return { ...size, resolution: '2K', credits: MODELS[UPSCALE_MODEL].credits, paidPlansOnly: false };
  const perView = PRINT_CREDITS_PER_VIEW[UPSCALE_MODEL];
  return perView === null ? null : { ...size, resolution: PRINT_RESOLUTION, credits: perView, paidPlansOnly: true };
}

/** What a generation made by an upscale shows of its source (VersionedItem.upscale). */
export interface UpscaleInfo {
  sourceId: string;
  sourceIndex: number;
}

// ---- Print density (the presentation board) ----

const MM_PER_INCH = 25.4;
/** A cell prints sharp at this density… */
export const PRINT_DPI = 300;
/** …and below this the board says so ("This view prints at 150 dpi on A3; upscale it?"). */
export const LOW_PRINT_DPI = 200;

/** The density `pixels` give a printed length of `mm` millimetres, in dots per inch. */
export function dotsPerInch(pixels: number, mm: number): number {
  return mm > 0 ? (pixels * MM_PER_INCH) / mm : 0;
}

/** The pixels a printed length of `mm` needs at `dpi` (rounded up). */
export function pixelsForPrint(mm: number, dpi: number = PRINT_DPI): number {
  return Math.ceil((mm / MM_PER_INCH) * dpi);
}

// ---- ZIP downloads ----

/** POST /api/downloads takes at most this many generations, all the caller's; a project's ZIP as many. */
export const DOWNLOAD_MAX_GENERATIONS = 200;

export const ZIP_CONTENT_TYPE = 'application/zip';

/**
 * A ZIP is streamed, so it has no Content-Length; these say what to expect, for a progress bar:
 * the images it holds, and its exact size in bytes when every image's size is on record (images
 * saved before ZIP downloads have none, and then the header is absent).
 */
export const ARCHIVE_IMAGES_HEADER = 'X-Archive-Images';
export const ARCHIVE_BYTES_HEADER = 'X-Archive-Bytes';
