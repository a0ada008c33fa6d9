/**
 * What a job's views stored in R2 (full images, thumbnails, renditions: everything under the
 * generation's folder), removed when the job closed without delivering them — the sweeper closed
 * it, or a view landed after that (docs/decisions/0083-bounded-waiters-and-closed-jobs.md).
 */
import { keysUnder } from '../generations';
import { mediaKeys } from '../media';

type JobOwner = { userId: string; generationId: string };

/** Deletes every object under the generation's folder (images, masters, an edit's mask); returns how many. */
export async function deleteStoredViews(media: R2Bucket, owner: JobOwner): Promise<number> {
  const keys = await keysUnder(media, mediaKeys.generationPrefix(owner.userId, owner.generationId));
  if (keys.length > 0) await media.delete(keys);
  return keys.length;
}

/** Deletes what the views stored and the job's input with them; returns how many view objects. */
export async function deleteJobOutput(media: R2Bucket, owner: JobOwner): Promise<number> {
  const deleted = await deleteStoredViews(media, owner);
  await media.delete(mediaKeys.jobInput(owner.userId, owner.generationId));
  return deleted;
}
