/**
 * The owner's side of generations (the dashboard): list, change visibility, delete. Every write
 * is conditional on the owner in the same statement; anyone else gets the same 404 as for a
 * missing id, so ids of private generations leak nothing.
 */
import type { Database } from '../db/client';
import { deleteOwnRow, ownRow, ownRows, referencesStillUsed, setVisibility, type LibraryPosition } from './queries';
import type { GenerationVisibility, LibraryItem, LibraryPage } from '#shared/gallery-types';
import { generalMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger, toLibraryItem } from '../gallery/cards';
import { mediaKeys } from '../media/urls';

export interface LibraryDeps {
  db: Database;
  media: R2Bucket;
  signingSecret: string;
  notifyGenerations: (userId: string) => Promise<void>;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

function isLibraryPosition(value: unknown): value is LibraryPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && typeof value.id === 'string';
}

export async function libraryPage(
  deps: Pick<LibraryDeps, 'db' | 'signingSecret'>,
  userId: string,
  request: { cursor?: string; limit: number },
): Promise<LibraryPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isLibraryPosition) : null;
  const rows = await ownRows(deps.db, userId, after, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last
      ? encodeCursor({ createdAt: last.createdAt, id: last.id } satisfies LibraryPosition)
      : null;
  const nowMs = Date.now();
  const items = await Promise.all(page.map((row) => toLibraryItem(deps.signingSecret, row, userId, nowMs)));
  return { items, nextCursor };
}

export async function changeVisibility(
  deps: LibraryDeps,
  userId: string,
  id: string,
  visibility: GenerationVisibility,
): Promise<LibraryItem> {
  if (!(await setVisibility(deps.db, userId, id, visibility))) throw notFound();
  await deps.notifyGenerations(userId);
  const row = await ownRow(deps.db, userId, id);
  if (!row) throw notFound(); // deleted in between
  return toLibraryItem(deps.signingSecret, row, userId);
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
 * Deletes the row first (so nothing points at missing objects), then its images and
 * thumbnails, and the reference images no other generation of the owner still uses.
 */
export async function deleteGeneration(deps: LibraryDeps, userId: string, id: string): Promise<void> {
  const row = await deleteOwnRow(deps.db, userId, id);
  if (!row) throw notFound();
  const ownReferences = row.referenceImages.filter((key) => key.startsWith(mediaKeys.referencePrefix(userId)));
  const stillUsed = await referencesStillUsed(deps.db, userId, ownReferences);
  const listed = await keysUnder(deps.media, mediaKeys.generationPrefix(userId, id));
  const keys = new Set([
    ...row.images.flatMap((image) => [image.key, image.thumbKey, ...(image.renditions ?? []).map((rendition) => rendition.key)]),
    ...listed,
    ...ownReferences.filter((key) => !stillUsed.has(key)),
  ]);
  // R2 deletes at most 1000 keys a call; a generation has at most a few dozen.
  if (keys.size > 0) await deps.media.delete([...keys]);
  await deps.notifyGenerations(userId);
}
