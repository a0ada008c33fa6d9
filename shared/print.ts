/**
 * Print-ready output (docs/decisions/0089-print-resolution.md, api.md "Print resolution, upscale,
 * downloads"): the ×2 upscale's size and price, the resolution class of an image by its pixels,
 * the dots per inch an image gives a printed cell, and the caps of a ZIP download. The Worker and
 * the app read these same rules.
 */
import { MODELS, PRINT_RESOLUTION, RESOLUTION_LONG_SIDE, type ModelId, type Resolution } from './models';

/** An upscale doubles both sides… */
export const UPSCALE_FACTOR = 2;
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
export function upscaleSize(width: number, height: number): { width: number; height: number } | null {
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
  const spec = MODELS[UPSCALE_MODEL];
  if (resolutionClassOf(size.width, size.height) !== PRINT_RESOLUTION) return { ...size, resolution: '2K', credits: spec.credits, paidPlansOnly: false };
  return spec.printCreditsPerView === null ? null : { ...size, resolution: PRINT_RESOLUTION, credits: spec.printCreditsPerView, paidPlansOnly: true };
}

/** What a generation made by an upscale shows of its source (VersionedItem.upscale). */
export interface UpscaleInfo {
  sourceId: string;
  sourceIndex: number;
}

// ---- Print density (the presentation board) ----

export const MM_PER_INCH = 25.4;
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
