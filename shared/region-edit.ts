/**
 * The region edit's contract (docs/api.md "Region edit"): what the app sends to
 * POST /api/generations/:id/images/:index/edits and what a finished edit shows of itself. Every
 * pixel of the result's master outside the mask dilated by `featherPx` equals the source's master.
 */
import type { ModelId } from './models';

/** The widest feather band an edit may blend over, in pixels of the source image. */
export const EDIT_FEATHER_MAX_PX = 16;

/** An instruction is short: "replace the sofa with a green velvet one". */
export const EDIT_INSTRUCTION_MAX_CHARS = 500;

/** A model's answer that cannot be registered against the source crop within this is retried once, then refunded. */
export const EDIT_REGISTRATION_TOLERANCE_PX = 2;

/** The body of POST /api/generations/:id/images/:index/edits. */
export interface RegionEditBody {
  instruction: string;
  /**
   * A PNG of the source image's exact size, base64 (no data: prefix), or an uploaded key the
   * caller owns: alpha or luminance above 127 means "edit here".
   */
  mask: string;
  /** The tier that renders the region; the source's own when absent. */
  model?: ModelId;
}

/** What GET /api/generations/:id shows of a generation made by a region edit. */
export interface EditInfo {
  sourceId: string;
  sourceIndex: number;
  /** The mask as sent (white: edited), at the source's size; signed when private. */
  maskUrl: string;
  featherPx: number;
}
