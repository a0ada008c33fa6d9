/**
 * Removes uploaded references that no generation uses once they are a day old: an
 * upload that never went into a generation, or whose generations were deleted, costs storage
 * and counts nowhere. An upload a saved board shows as its logo is in use too
 * (docs/decisions/0088-saved-boards.md). Run by the cron with the orphan sweep.
 */
import { REFERENCE_CLEANUP_MAX_PAGES, UNUSED_REFERENCE_MAX_AGE_MS } from '../platform/limits';
import type { Database } from '../db/client';
import { logosInUse } from '../boards';
import { referencesStillUsed } from '../generations';

/** D1 binds at most 100 parameters a statement; the user id takes one. */
const KEYS_PER_QUERY = 90;

export interface ReferenceCleanupResult {
  scanned: number;
  deleted: number;
}

export async function cleanUpUnusedReferences(deps: { db: Database; media: R2Bucket; now?: () => number }): Promise<ReferenceCleanupResult> {
  const cutoff = (deps.now?.() ?? Date.now()) - UNUSED_REFERENCE_MAX_AGE_MS;
  const result: ReferenceCleanupResult = { scanned: 0, deleted: 0 };
  let cursor: string | undefined;
  for (let page = 0; page < REFERENCE_CLEANUP_MAX_PAGES; page += 1) {
    const listing = await deps.media.list({ prefix: 'references/', cursor });
    result.scanned += listing.objects.length;
    const oldByUser = new Map<string, string[]>();
    for (const object of listing.objects) {
      const userId = object.key.split('/')[1];
      if (!userId || object.uploaded.getTime() > cutoff) continue;
      oldByUser.set(userId, [...(oldByUser.get(userId) ?? []), object.key]);
    }
    for (const [userId, keys] of oldByUser) {
      for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
        const chunk = keys.slice(i, i + KEYS_PER_QUERY);
        const [used, logos] = await Promise.all([referencesStillUsed(deps.db, userId, chunk), logosInUse(deps.db, chunk)]);
        const unused = chunk.filter((key) => !used.has(key) && !logos.has(key));
        if (unused.length > 0) await deps.media.delete(unused);
        result.deleted += unused.length;
      }
    }
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  return result;
}
