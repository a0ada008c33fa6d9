/**
 * The review page's frames (frontend/review/review.css mirrors them): no navigation rail, a grid
 * of versions, and a focused version whose image shares the width with its comment thread. Every
 * image's `sizes` comes from these (docs/decisions/0042-srcset-from-column-rules.md).
 */
import { frameSizes, type ColumnSteps, type PageFrame } from './grid-rules';

/** .review-page: side padding clamp(16px, 4vw, 48px), at most 1440 px wide; the grid's gaps. */
const REVIEW_FRAME: PageFrame = {
  rail: 0,
  railFrom: 768,
  padding: { min: 16, vw: 4, max: 48 },
  maxWidth: 1440,
  gap: { narrow: 16, wide: 24 },
};

/** .review-grid: three versions a row, two up to 1199 px, one up to 639 px. */
const REVIEW_GRID_COLUMNS: ColumnSteps = { default: 3, steps: [[1199, 2], [639, 1]] };

/** The thread column beside a focused image from 1000 px (.review-focus: 380 px + a 32 px gap). */
const REVIEW_THREAD_WIDTH = 380;
const REVIEW_FOCUS_GAP = 32;
const REVIEW_FOCUS_SIDE_BY_SIDE_FROM = 1000;

/** The focused image's frame: the thread column takes the place a rail would. */
const REVIEW_FOCUS_FRAME: PageFrame = {
  ...REVIEW_FRAME,
  rail: REVIEW_THREAD_WIDTH + REVIEW_FOCUS_GAP,
  railFrom: REVIEW_FOCUS_SIDE_BY_SIDE_FROM,
  // The page's cap less its padding and the thread column: the widest the image gets.
  maxTile: REVIEW_FRAME.maxWidth - 2 * REVIEW_FRAME.padding.max - REVIEW_THREAD_WIDTH - REVIEW_FOCUS_GAP,
};

export function reviewGridSizes(share = 1): string {
  return frameSizes(REVIEW_FRAME, REVIEW_GRID_COLUMNS, share);
}

export function reviewFocusSizes(): string {
  return frameSizes(REVIEW_FOCUS_FRAME, { default: 1, steps: [] });
}

/** The owner's feedback panel shows an image at most this wide beside its thread (.review-feedback-image). */
const REVIEW_FEEDBACK_IMAGE_MAX = 560;

/** The panel sits in the project page: below 768 px the image spans the screen (at most), else its cap. */
export function reviewFeedbackSizes(): string {
  return `(max-width: 767px) 100vw, ${REVIEW_FEEDBACK_IMAGE_MAX}px`;
}
