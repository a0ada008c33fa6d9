/**
 * The body of PUT /api/projects/:id/board: every field checked and capped (shared/board-types.ts).
 * The caps bound a stored board to under 30 KB (48 entries of a 67-character key and 160 characters
 * of at most three UTF-8 bytes, and the title block); the routes' 64 KB body cap
 * (worker/platform/body-limit.ts) refuses anything larger before it is parsed.
 */
import { z } from 'zod';
import {
  BOARD_CAPTION_MAX_CHARS,
  BOARD_CODE_MAX_CHARS,
  BOARD_DATE_MAX_CHARS,
  BOARD_FITS,
  BOARD_IMAGES_PER_PAGE,
  BOARD_MAX_ENTRIES,
  BOARD_PAPERS,
  BOARD_PRACTICE_MAX_CHARS,
  BOARD_VIEW_MAX_CHARS,
  type BoardData,
} from '#shared/board-types';
import { REFERENCE_PATH_MAX_CHARS } from '../platform/limits';

/** One line of text: control characters (line breaks included) are refused, not stored. */
const line = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'must be one line of text');

const entry = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]{1,64}\.\d{1,2}$/, 'must be {generationId}.{imageIndex}'),
  caption: line(BOARD_CAPTION_MAX_CHARS),
});

export const boardSchema = z.object({
  paper: z.enum(BOARD_PAPERS),
  perPage: z.literal(BOARD_IMAGES_PER_PAGE),
  fit: z.enum(BOARD_FITS),
  entries: z
    .array(entry)
    .max(BOARD_MAX_ENTRIES)
    .refine((entries) => new Set(entries.map((item) => item.key)).size === entries.length, 'each image may be on the board once'),
  title: z.object({
    practiceName: line(BOARD_PRACTICE_MAX_CHARS),
    logoKey: z.string().max(REFERENCE_PATH_MAX_CHARS).nullable(),
    view: line(BOARD_VIEW_MAX_CHARS).nullable(),
    date: line(BOARD_DATE_MAX_CHARS).nullable(),
    sheetNumber: line(BOARD_CODE_MAX_CHARS),
    revision: line(BOARD_CODE_MAX_CHARS),
  }),
}) satisfies z.ZodType<BoardData>;

export const projectParamSchema = z.object({ id: z.string().min(1).max(64) });
