/**
 * Turns card rows into what the app shows, and opaque cursors into positions. Public images get
 * plain /media URLs (cacheable by anyone); private ones signed URLs, from the one media-URL
 * helper (services/media-urls.ts).
 */
import type { CardImage, GalleryItem, LibraryItem } from '#shared/gallery-types';
import { galleryMessages } from '#shared/messages';
import type { CardRow } from './card-rows';
import { fromBase64Url, toBase64Url } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { presentStoredImage, signedMediaUrl } from '../media/urls';

async function cardImages(secret: string, row: CardRow, nowMs: number): Promise<CardImage[]> {
  const presented = await Promise.all(
    row.images.map((image, index) => presentStoredImage(secret, image, index, row.visibility, nowMs)),
  );
  return presented.map(({ url, thumbnailUrl, placeholder, width, height, renditions }) => ({
    url,
    thumbnailUrl,
    renditions,
    placeholder,
    width,
    height,
  }));
}

export async function toGalleryItem(
  secret: string,
  row: CardRow,
  viewerId: string | null,
  nowMs = Date.now(),
): Promise<GalleryItem> {
  return {
    id: row.id,
    prompt: row.prompt,
    model: row.model,
    engine: row.engine,
    images: await cardImages(secret, row, nowMs),
    likeCount: row.likeCount,
    liked: row.liked,
    createdAt: new Date(row.createdAt).toISOString(),
    isOwn: viewerId !== null && row.userId === viewerId,
    visibility: row.visibility,
  };
}

/** A dashboard card: a gallery card plus the (always private, so signed) reference images. */
export async function toLibraryItem(secret: string, row: CardRow, ownerId: string, nowMs = Date.now()): Promise<LibraryItem> {
  const [item, referenceImages] = await Promise.all([
    toGalleryItem(secret, row, ownerId, nowMs),
    Promise.all(row.referenceImages.map((key) => signedMediaUrl(secret, key, nowMs))),
  ]);
  return { ...item, referenceImages };
}

/** Cursors are opaque to the app: base64url JSON of a position. */
export function encodeCursor(position: object): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(position)));
}

/** Decodes a cursor and checks its shape; a forged or damaged one is a 400 naming `cursor`. */
export function decodeCursor<T>(cursor: string, isValid: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(fromBase64Url(cursor)));
  } catch {
    value = null;
  }
  if (!isValid(value)) throw new AppError('invalid_request', galleryMessages.invalidCursor, { field: 'cursor' });
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);
