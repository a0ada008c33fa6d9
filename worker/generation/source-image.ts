/**
 * The image a job starts from — an edit's or an upscale's source: a generation of the caller's
 * space (in a workspace, whoever made it) and an image it has, or the 404 of a missing one
 * (another space's looks the same).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import { generalMessages } from '#shared/messages';
import { CONCEPT_RATIOS, MODELS, detectAspectRatio, type AspectRatio, type ModelId, type ModelLabel, type Resolution } from '#shared/models';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import { AppError } from '../platform/errors';
import { inSpace, type SpaceRef } from '../platform/space';

export interface ImageTarget {
  generationId: string;
  index: number;
}

export interface SourceImage {
  id: string;
  /** Who made it: its images are under their folder. */
  userId: string;
  projectId: string | null;
  prompt: string;
  model: ModelId;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  image: StoredImage;
}

function modelOf(label: ModelLabel): ModelId {
  return (Object.keys(MODELS) as ModelId[]).find((id) => MODELS[id].label === label) ?? 'standard';
}

export async function findSourceImage(db: Database, space: SpaceRef, target: ImageTarget): Promise<SourceImage> {
  const row = await db
    .select({
      id: generations.id,
      userId: generations.userId,
      projectId: generations.projectId,
      prompt: generations.prompt,
      model: generations.model,
      aspectRatio: generations.aspectRatio,
      resolution: generations.resolution,
      images: generations.images,
    })
    .from(generations)
    .where(and(eq(generations.id, target.generationId), sql`${inSpace(space)}`))
    .get();
  const image = row?.images[target.index];
  if (!row || !image) throw new AppError('not_found', generalMessages.notFound);
  const listed = (CONCEPT_RATIOS as readonly string[]).includes(row.aspectRatio);
  return {
    id: row.id,
    userId: row.userId,
    projectId: row.projectId,
    prompt: row.prompt,
    model: modelOf(row.model),
    aspectRatio: listed ? (row.aspectRatio as AspectRatio) : detectAspectRatio(image.width, image.height),
    resolution: row.resolution,
    image,
  };
}
