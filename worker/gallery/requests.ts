/** Query and body schemas of the gallery, dashboard and likes endpoints. */
import { z } from 'zod';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { GALLERY_QUERY_MAX_CHARS, MAX_PAGE_SIZE } from '../platform/limits';

const limit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(GALLERY_PAGE_SIZE);
const cursor = z.string().max(512).optional();

export const galleryQuerySchema = z.object({
  // Control characters (a NUL breaks the FTS5 query: a 500) are stripped, as a search box would.
  // eslint-disable-next-line no-control-regex
  q: z.string().max(GALLERY_QUERY_MAX_CHARS).transform((q) => q.replace(/[\u0000-\u001f\u007f]/g, '')).optional(),
  seed: z.coerce.number().int().min(0).max(0xffffffff).optional(),
  cursor,
  limit,
});

export const pageQuerySchema = z.object({ cursor, limit });

export const generationIdSchema = z.object({ id: z.string().min(1).max(64) });
