/** The body of PATCH /api/generations/:id. */
import { z } from 'zod';
import { MAX_VIEWS } from '#shared/limits';
import { projectMessages } from '#shared/messages';
import { pageQuerySchema } from '../gallery';

/** GET /api/generations: a page of the owner's generations, all of them or one project's (the studio inside a project). */
export const ownPageQuerySchema = pageQuerySchema.extend({ projectId: z.string().min(1).max(64).optional() });

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined);

/** PATCH /api/generations/:id: one or more of visibility, project (null: out of every project) and star. */
export const generationPatchSchema = z
  .object({
    visibility: z.enum(['public', 'private']).optional(),
    projectId: z.string().min(1).max(64).nullable().optional(),
    starred: z.boolean().optional(),
  })
  .refine(atLeastOne, projectMessages.nothingToChange);
export type GenerationPatch = z.infer<typeof generationPatchSchema>;

/** One image of a generation: GET /api/generations/:id/images/:index/fidelity-map. */
export const imageParamSchema = z.object({
  id: z.string().min(1).max(64),
  index: z.coerce.number().int().min(0).max(MAX_VIEWS - 1),
});
