/**
 * The owner's side of generations (the dashboard): list, change visibility, delete. Every write
 * is conditional on the owner in the same statement; anyone else gets the same 404 as for a
 * missing id, so ids of private generations leak nothing.
 */
import type { Database } from '../db/client';
import { deleteOwnRow, ownImage, ownRow, ownRows, patchOwnRow, referencesStillUsed, type GenerationPosition } from './queries';
import type { GenerationsPage, VersionedItem } from '#shared/generations-types';
import { generalMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { mediaKeys } from '../media';
import type { GenerationPatch } from './requests';
import { toVersionedItem, toVersionedItems } from './versioned';

export interface GenerationsDeps {
  db: Database;
  media: R2Bucket;
  signingSecret: string;
  notifyGenerations: (userId: string) => Promise<void>;
  notifyProjects: (userId: string) => Promise<void>;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

function isGenerationPosition(value: unknown): value is GenerationPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && typeof value.id === 'string';
}

export async function generationsPage(
  deps: Pick<GenerationsDeps, 'db' | 'signingSecret'>,
  userId: string,
  request: { cursor?: string; limit: number; projectId?: string },
): Promise<GenerationsPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isGenerationPosition) : null;
  const rows = await ownRows(deps.db, userId, after, request.limit + 1, request.projectId ?? null);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last
      ? encodeCursor({ createdAt: last.createdAt, id: last.id } satisfies GenerationPosition)
      : null;
  return { items: await toVersionedItems(deps.signingSecret, page, userId), nextCursor };
}

/** One of the caller's generations (the compare screen and the viewer read it). */
export async function getGeneration(deps: Pick<GenerationsDeps, 'db' | 'signingSecret'>, userId: string, id: string): Promise<VersionedItem> {
  const row = await ownRow(deps.db, userId, id);
  if (!row) throw notFound();
  return toVersionedItem(deps.signingSecret, row, userId);
}

/**
 * The R2 key of a view's fidelity map (docs/decisions/0086): the owner's only, of a generation or
 * of a job still running; anything else (someone else's, no such view, an unscored view) is a 404.
 */
export async function fidelityMapKey(deps: Pick<GenerationsDeps, 'db'>, userId: string, id: string, index: number): Promise<string> {
  const image = await ownImage(deps.db, userId, id, index);
  const key = image?.fidelity?.mapKey;
  if (!key) throw notFound();
  return key;
}

/**
 * Changes visibility, project or star. Moving needs the owner of the generation and of the
 * project it moves into: anything else is the same 404 as a missing id.
 */
export async function changeGeneration(deps: GenerationsDeps, userId: string, id: string, patch: GenerationPatch): Promise<VersionedItem> {
  if (!(await patchOwnRow(deps.db, userId, id, patch))) throw notFound();
  const item = await getGeneration(deps, userId, id); // a 404 when deleted in between
  await deps.notifyGenerations(userId);
  if (patch.projectId !== undefined || item.projectId) await deps.notifyProjects(userId);
  return item;
}

/** Every R2 key under the generation's prefix (originals, thumbnails, anything else written there). */
export async function keysUnder(media: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listing = await media.list({ prefix, cursor });
    keys.push(...listing.objects.map((object) => object.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Deletes the row first (so nothing points at missing objects), then its images, thumbnails and
 * masters (an edit's mask too: everything under its folder), and the reference images no other
 * generation of the owner still uses.
 */
export async function deleteGeneration(deps: GenerationsDeps, userId: string, id: string): Promise<void> {
  const row = await deleteOwnRow(deps.db, userId, id);
  if (!row) throw notFound();
  const ownReferences = row.referenceImages.filter((key) => key.startsWith(mediaKeys.referencePrefix(userId)));
  const stillUsed = await referencesStillUsed(deps.db, userId, ownReferences);
  const listed = await keysUnder(deps.media, mediaKeys.generationPrefix(userId, id));
  const keys = new Set([
    ...row.images.flatMap((image) => [
      image.key,
      image.thumbKey,
      ...(image.masterKey ? [image.masterKey] : []),
      ...(image.renditions ?? []).map((rendition) => rendition.key),
    ]),
    ...listed,
    ...ownReferences.filter((key) => !stillUsed.has(key)),
  ]);
  // R2 deletes at most 1000 keys a call; a generation has at most a few dozen.
  if (keys.size > 0) await deps.media.delete([...keys]);
  await deps.notifyGenerations(userId);
}
