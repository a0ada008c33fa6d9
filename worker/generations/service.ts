/**
 * The owner's side of generations (the dashboard): list, change visibility, delete — in the
 * caller's space, their own or a workspace's by role (docs/decisions/0096-workspaces.md). Every
 * write is conditional on the space in the same statement; anyone else gets the same 404 as for a
 * missing id, so ids of private generations leak nothing.
 */
import type { Database } from '../db/client';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import { deleteRow, patchRow, referencesStillUsed, spaceImage, spaceRow, spaceRows, type GenerationPosition } from './queries';
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
  notifyGenerations: (space: SpaceRef) => Promise<void>;
  notifyProjects: (space: SpaceRef) => Promise<void>;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

function isGenerationPosition(value: unknown): value is GenerationPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && typeof value.id === 'string';
}

export async function generationsPage(
  deps: Pick<GenerationsDeps, 'db' | 'signingSecret'>,
  space: SpaceRef,
  request: { cursor?: string; limit: number; projectId?: string },
): Promise<GenerationsPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isGenerationPosition) : null;
  const rows = await spaceRows(deps.db, space, after, request.limit + 1, request.projectId ?? null);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last
      ? encodeCursor({ createdAt: last.createdAt, id: last.id } satisfies GenerationPosition)
      : null;
  return { items: await toVersionedItems(deps.signingSecret, page, space.userId), nextCursor };
}

/** One of the space's generations (the compare screen and the viewer read it). */
export async function getGeneration(deps: Pick<GenerationsDeps, 'db' | 'signingSecret'>, space: SpaceRef, id: string): Promise<VersionedItem> {
  const row = await spaceRow(deps.db, space, id);
  if (!row) throw notFound();
  return toVersionedItem(deps.signingSecret, row, space.userId);
}

/**
 * The R2 key of a view's fidelity map (docs/decisions/0086): the owner's only, of a generation or
 * of a job still running; anything else (someone else's, no such view, an unscored view) is a 404.
 */
export async function fidelityMapKey(deps: Pick<GenerationsDeps, 'db'>, space: SpaceRef, id: string, index: number): Promise<string> {
  const image = await spaceImage(deps.db, space, id, index);
  const key = image?.fidelity?.mapKey;
  if (!key) throw notFound();
  return key;
}

/**
 * Changes visibility, project or star. Moving needs the generation and the project it moves into
 * to be the space's: anything else is the same 404 as a missing id. A viewer may change nothing.
 */
export async function changeGeneration(deps: GenerationsDeps, space: Space, id: string, patch: GenerationPatch): Promise<VersionedItem> {
  if (!(await spaceRow(deps.db, space, id))) throw notFound();
  requireAction(space, 'editProjects');
  if (!(await patchRow(deps.db, space, id, patch))) throw notFound();
  const item = await getGeneration(deps, space, id); // a 404 when deleted in between
  await deps.notifyGenerations(space);
  if (patch.projectId !== undefined || item.projectId) await deps.notifyProjects(space);
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
 * generation of their maker still uses. In a workspace a member deletes what they made; an admin
 * anything.
 */
export async function deleteGeneration(deps: GenerationsDeps, space: Space, id: string): Promise<void> {
  const found = await spaceRow(deps.db, space, id);
  if (!found) throw notFound();
  const own = found.userId === space.userId;
  requireAction(space, own ? 'deleteOwnGenerations' : 'deleteAnyGeneration');
  const row = await deleteRow(deps.db, space, id, own ? space.userId : undefined);
  if (!row) throw notFound();
  const maker = row.userId;
  const ownReferences = row.referenceImages.filter((key) => key.startsWith(mediaKeys.referencePrefix(maker)));
  const stillUsed = await referencesStillUsed(deps.db, maker, ownReferences);
  const listed = await keysUnder(deps.media, mediaKeys.generationPrefix(maker, id));
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
  await deps.notifyGenerations(space);
}
