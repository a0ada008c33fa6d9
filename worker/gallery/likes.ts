/** Liking and the Likes tab (docs/decisions/0018-likes.md). */
import type { Database } from '../db/client';
import { addLike, likedRows, removeLike, type LikedPosition } from './like-queries';
import type { LikeResponse, LikesPage } from '#shared/gallery-types';
import { generalMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { toGalleryItem } from './cards';

/** Likes or unlikes; a missing generation, or another user's private one, is a 404 either way. */
export async function setLike(db: Database, userId: string, generationId: string, liked: boolean): Promise<LikeResponse> {
  const state = liked ? await addLike(db, userId, generationId) : await removeLike(db, userId, generationId);
  if (!state) throw new AppError('not_found', generalMessages.notFound);
  return state;
}

function isLikedPosition(value: unknown): value is LikedPosition {
  return isRecord(value) && isSafeInteger(value.likedAt) && isSafeInteger(value.likeId);
}

export async function likesPage(
  deps: { db: Database; signingSecret: string },
  userId: string,
  request: { cursor?: string; limit: number },
): Promise<LikesPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isLikedPosition) : null;
  const rows = await likedRows(deps.db, userId, after, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last
      ? encodeCursor({ likedAt: last.likedAt, likeId: last.likeId } satisfies LikedPosition)
      : null;
  const nowMs = Date.now();
  const items = await Promise.all(page.map((row) => toGalleryItem(deps.signingSecret, row, userId, nowMs)));
  return { items, nextCursor };
}
