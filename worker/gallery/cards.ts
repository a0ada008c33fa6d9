/**
 * Turns card rows into what the app shows. Public images get plain /media URLs (cacheable by
 * anyone); private ones signed URLs, from the one media-URL helper (worker/media/urls.ts).
 */
import type { CardImage, GalleryItem, LibraryItem } from '#shared/gallery-types';
import type { CardRow } from './card-rows';
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
