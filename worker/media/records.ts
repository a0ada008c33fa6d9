/** Look-ups of generation rows for media access, and the ladder recorded by a lazy backfill. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import { inSpace, type SpaceRef } from '../platform/space';
import type { StoredImage, StoredRendition } from '#shared/generation-types';

/**
 * What media access needs to know of a generation's folder, in one round trip: the row's
 * visibility (null when there is no row: never saved, deleted, or another owner's), and whether
 * its job is still open (its views are shown, signed, while it runs).
 */
export async function generationFolder(
  db: Database,
  generationId: string,
  userId: string,
): Promise<{ visibility: 'public' | 'private' | null; jobOpen: boolean }> {
  const rows = await db.all<{ visibility: 'public' | 'private' | null; job_open: number }>(sql`
    select (select visibility from generations where id = ${generationId} and user_id = ${userId}) as visibility,
           exists (select 1 from generation_jobs where id = ${generationId} and user_id = ${userId} and status = 'pending') as job_open`);
  const row = rows[0];
  return { visibility: row?.visibility ?? null, jobOpen: row?.job_open === 1 };
}

/** Who made a generation of the space (its images are under their folder); null when it is not the space's. */
export async function generationMaker(db: Database, space: SpaceRef, generationId: string): Promise<string | null> {
  const rows = await db.all<{ user_id: string }>(sql`select user_id from generations where id = ${generationId} and ${inSpace(space)}`);
  return rows[0]?.user_id ?? null;
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
