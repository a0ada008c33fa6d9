/**
 * Turns card rows into what the app shows. Public images get plain /media URLs (cacheable by
 * anyone); private ones signed URLs, from the one media-URL helper (worker/media/urls.ts).
 */
import type { CardImage, GalleryItem } from '#shared/gallery-types';
import type { CardRow } from './card-rows';
import { presentStoredImage } from '../media';

/** A card's images; their geometry fidelity only for the owner (it speaks of the owner's private input). */
async function cardImages(secret: string, row: CardRow, nowMs: number, isOwn: boolean): Promise<CardImage[]> {
  const presented = await Promise.all(
    row.images.map((image, index) => presentStoredImage(secret, image, index, row.visibility, nowMs)),
  );
  return presented.map(({ url, thumbnailUrl, placeholder, width, height, renditions, fidelity }) => ({
    url,
    thumbnailUrl,
    renditions,
    placeholder,
    width,
    height,
    ...(isOwn && fidelity ? { fidelity } : {}),
  }));
}

export async function toGalleryItem(
  secret: string,
  row: CardRow,
  viewerId: string | null,
  nowMs = Date.now(),
  /** The viewer shares the generation's inputs (a member of its workspace), though someone else made it. */
  sharesInputs = false,
): Promise<GalleryItem> {
  const isOwn = viewerId !== null && row.userId === viewerId;
  return {
    id: row.id,
    prompt: row.prompt,
    model: row.model,
    engine: row.engine,
    images: await cardImages(secret, row, nowMs, isOwn || sharesInputs),
    likeCount: row.likeCount,
    liked: row.liked,
    createdAt: new Date(row.createdAt).toISOString(),
    isOwn,
    visibility: row.visibility,
  };
}
