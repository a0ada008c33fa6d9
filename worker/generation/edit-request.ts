/** The body of POST /api/generations/:id/images/:index/edits (shared/region-edit.ts RegionEditBody). */
import { z } from 'zod';
import { EDIT_INSTRUCTION_MAX_CHARS } from '#shared/region-edit';
import { MODELS, type ModelId } from '#shared/models';
import { MAX_INLINE_IMAGE_CHARS } from '../platform/limits';

export const regionEditBodySchema = z.object({
  // Its length is checked after white space is collapsed (worker/generation/edit-submit.ts); this only bounds the body.
  instruction: z.string().max(EDIT_INSTRUCTION_MAX_CHARS * 4),
  mask: z.string().min(1).max(MAX_INLINE_IMAGE_CHARS + 100),
  model: z.enum(Object.keys(MODELS) as [ModelId, ...ModelId[]]).optional(),
});
