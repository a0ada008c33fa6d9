/**
 * The studio's history in the query cache (docs/decisions/0070-studio-in-a-project.md): the newest
 * 50 of the caller's generations as batches, oldest first — all of them, or inside a project that
 * project's alone — with its keys, and how a finished batch joins it. Light on purpose: the like,
 * visibility and delete updaters reach every history from the gallery's code (./mutations.ts), so
 * the fetch and the mapping (studio/history.ts) come with the first read.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { HISTORY_MAX_BATCHES } from '#shared/limits';
import type { StudioBatch } from '../studio/history';
import { isDeleted } from './tombstones';

export const historyKeys = {
  /** The history of every user. */
  all: ['history'] as const,
  /** Every history of one user: all their generations, and each project's (the studio inside a project). */
  of: (userId: string) => ['history', userId] as const,
  in: (userId: string, projectId: string | null) => ['history', userId, projectId ?? 'all'] as const,
};

/** Oldest at the top, newest at the bottom, at most 50. */
export function orderedHistory(batches: StudioBatch[]): StudioBatch[] {
  return [...batches].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(-HISTORY_MAX_BATCHES);
}

/** Adds (or replaces) one batch, keeping the order and the limit. */
function withBatch(batches: StudioBatch[] | undefined, batch: StudioBatch): StudioBatch[] {
  return orderedHistory([...(batches ?? []).filter((known) => known.id !== batch.id), batch]);
}

/** A re-read list over the cached one: local reference thumbnails stay when the list carries none. */
function mergeHistory(current: StudioBatch[] | undefined, loaded: StudioBatch[]): StudioBatch[] {
  const known = new Map((current ?? []).map((batch) => [batch.id, batch]));
  return loaded.map((batch) => {
    const local = known.get(batch.id);
    if (!local || batch.referenceUrls.length > 0) return batch;
    return { ...batch, referenceUrls: local.referenceUrls };
  });
}

export function historyQuery(userId: string, projectId: string | null) {
  return queryOptions({
    queryKey: historyKeys.in(userId, projectId),
    queryFn: async (): Promise<StudioBatch[]> => {
      try {
        const [{ fetchOwnGenerations }, { batchFromListed }] = await Promise.all([import('../api/generations'), import('../studio/history')]);
        const page = await fetchOwnGenerations(null, HISTORY_MAX_BATCHES, projectId ?? undefined);
        return orderedHistory(page.items.map(batchFromListed));
      } catch (error) {
        // The list stays as it is; the next generation or reload tries again.
        console.warn('loading the history failed', error);
        throw error;
      }
    },
    // A read that raced a delete of this session (it began before the delete landed) keeps the deleted batch out.
    structuralSharing: (current, loaded) =>
      mergeHistory(current as StudioBatch[] | undefined, loaded as StudioBatch[]).filter((batch) => !isDeleted(batch.id)),
  });
}

/** The project a history key holds (null: every generation), read back from historyKeys.in. */
function scopeOf(key: readonly unknown[]): string | null {
  return key[2] === 'all' || typeof key[2] !== 'string' ? null : key[2];
}

/**
 * A finished batch joins every history of its user that shows it: the whole history and its
 * project's, loaded or not yet (a read still on its way merges over it). `keep` decides over a
 * history that holds it already (by default it is replaced).
 */
export function addToHistories(
  client: QueryClient,
  userId: string,
  batch: StudioBatch,
  keep: (batches: StudioBatch[]) => boolean = () => false,
): void {
  const keys = new Map<string, readonly unknown[]>();
  for (const key of [historyKeys.in(userId, null), historyKeys.in(userId, batch.projectId ?? null)]) keys.set(JSON.stringify(key), key);
  for (const [key] of client.getQueriesData<StudioBatch[]>({ queryKey: historyKeys.of(userId) })) keys.set(JSON.stringify(key), key);
  for (const key of keys.values()) {
    const scope = scopeOf(key);
    const batches = client.getQueryData<StudioBatch[]>(key);
    if ((scope !== null && scope !== batch.projectId) || (batches && keep(batches))) continue;
    client.setQueryData<StudioBatch[]>(key, withBatch(batches, batch));
  }
}

/**
 * A generation made in a project is named in the batch that saves it (docs/decisions/0087-version-names.md),
 * which the job's snapshot does not carry: the studio reads its row once so the batch shows its
 * name and downloads under it. A failed read leaves it unnamed until the next history read.
 */
export async function learnVersionName(client: QueryClient, userId: string, batch: StudioBatch): Promise<void> {
  if (!batch.projectId || batch.version) return;
  let listed: StudioBatch;
  try {
    const [{ fetchGeneration }, { batchFromListed }] = await Promise.all([import('../api/lineage'), import('../studio/history')]);
    listed = batchFromListed(await fetchGeneration(batch.id));
  } catch {
    return;
  }
  if (!listed.version || isDeleted(batch.id)) return;
  // The local reference thumbnails stay, as a re-read list keeps them (mergeHistory).
  const named = listed.referenceUrls.length > 0 ? listed : { ...listed, referenceUrls: batch.referenceUrls };
  addToHistories(client, userId, named, (batches) => batches.some((known) => known.id === batch.id && known.version));
}
