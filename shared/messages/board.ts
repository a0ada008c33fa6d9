import { PRODUCT_NAME } from './brand';

/** The presentation board (docs/decisions/0074-presentation-board.md). */
export const boardMessages = {
  /** Free-plan boards carry it in their foot, as their images carry the watermark. */
  freePlanMark: `Made with ${PRODUCT_NAME} — free plan`,
  /** PUT /api/projects/:id/board with a logo that is not one of the caller's uploads. */
  logoNotYours: 'The logo must be an image you uploaded.',
} as const;
