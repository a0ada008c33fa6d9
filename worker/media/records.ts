/** Look-ups of generation rows for media access. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';

/** Whether a generation of this owner is public (its images may then be served to anyone). */
export async function isPublicGeneration(db: Database, generationId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.userId, userId), eq(generations.visibility, 'public')))
    .get();
  return row !== undefined;
}
