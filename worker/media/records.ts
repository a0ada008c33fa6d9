/** Look-ups of generation rows for media access, and the ladder recorded by a lazy backfill. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import type { StoredImage, StoredRendition } from '#shared/generation-types';

/** Whether a generation of this owner is public (its images may then be served to anyone). */
export async function isPublicGeneration(db: Database, generationId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.userId, userId), eq(generations.visibility, 'public')))
    .get();
  return row !== undefined;
}

export interface ImageRef {
  userId: string;
  generationId: string;
  index: number;
}

/** One stored image of an owner's generation, by its place in the row; undefined if none. */
export async function generationImage(db: Database, ref: ImageRef): Promise<StoredImage | undefined> {
  const row = await db
    .select({ images: generations.images })
    .from(generations)
    .where(and(eq(generations.id, ref.generationId), eq(generations.userId, ref.userId)))
    .get();
  return row?.images[ref.index];
}

/**
 * Records an image's ladder in its row with one json_set, so backfills of a card's other images
 * running at the same moment never overwrite each other. False when the row is gone.
 */
export async function setImageRenditions(db: Database, ref: ImageRef, renditions: StoredRendition[]): Promise<boolean> {
  const path = `$[${ref.index}].renditions`;
  const rows = await db.all<{ id: string }>(sql`
    update generations set images = json_set(images, ${path}, json(${JSON.stringify(renditions)}))
    where id = ${ref.generationId} and user_id = ${ref.userId} and json_type(images, ${`$[${ref.index}]`}) = 'object'
    returning id`);
  return rows.length > 0;
}

/**
 * Records the master made for an image saved before masters (one json_set, as for the ladder).
 * False when the row or the image is gone.
 */
export async function setImageMaster(db: Database, ref: ImageRef, masterKey: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    update generations set images = json_set(images, ${`$[${ref.index}].masterKey`}, ${masterKey})
    where id = ${ref.generationId} and user_id = ${ref.userId} and json_type(images, ${`$[${ref.index}]`}) = 'object'
    returning id`);
  return rows.length > 0;
}
