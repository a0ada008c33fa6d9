/**
 * What a job's views stored in R2 (full images, thumbnails, renditions: everything under the
 * generation's folder), removed when the job closed without delivering them — the sweeper closed
 * it, or a view landed after that (docs/decisions/0083-bounded-waiters-and-closed-jobs.md).
 */
import { keysUnder } from '../generations';
import { mediaKeys } from '../media';

/** Deletes every object under the generation's folder, and the job's input with them; returns how many. */
export async function deleteJobOutput(media: R2Bucket, owner: { userId: string; generationId: string }): Promise<number> {
  const keys = await keysUnder(media, mediaKeys.generationPrefix(owner.userId, owner.generationId));
  await media.delete([...keys, mediaKeys.jobInput(owner.userId, owner.generationId)]);
  return keys.length;
}
