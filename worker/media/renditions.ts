/**
 * Storing one processed view and its WebP ladder (docs/decisions/0040-webp-rendition-ladder.md),
 * and making the ladder on first request for a row saved before it (lazy backfill).
 * Renditions are encoded by Cloudflare's Images binding, measured against photon in `npm run bench`.
 */
import type { StoredImage, StoredRendition } from '#shared/generation-types';
import { RENDITION_WEBP_QUALITY, renditionHeight, renditionWidths } from '#shared/renditions';
import type { Database } from '../db/client';
import { transformImage } from './images-binding';
import { generationImage, setImageRenditions } from './records';
import { mediaKeys, parseMediaKey, parseRenditionName } from './urls';

export interface RenditionDeps {
  media: R2Bucket;
  images: ImagesBinding;
}

interface ImageOwner {
  userId: string;
  generationId: string;
  index: number;
}

/** One WebP `width` px wide from the stored JPEG. */
export async function encodeWebp(images: ImagesBinding, jpeg: Uint8Array, width: number): Promise<Uint8Array> {
  return transformImage(images, jpeg, { width }, { format: 'image/webp', quality: RENDITION_WEBP_QUALITY });
}

/** The first 16 hex digits of the bytes' SHA-256: enough to never reuse a key for other bytes. */
async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Encodes and stores the whole ladder of one image; throws when any rung fails. */
async function storeRenditions(
  deps: RenditionDeps,
  owner: ImageOwner,
  jpeg: Uint8Array,
  size: { width: number; height: number },
): Promise<StoredRendition[]> {
  return Promise.all(
    renditionWidths(size.width).map(async (width) => {
      const bytes = await encodeWebp(deps.images, jpeg, width);
      const key = mediaKeys.rendition(owner.userId, owner.generationId, owner.index, width, await contentHash(bytes));
      await deps.media.put(key, bytes, { httpMetadata: { contentType: 'image/webp' } });
      return { key, width, height: renditionHeight(size, width) };
    }),
  );
}

/** A view as image processing (worker/studio/image-processing.ts) leaves it: its master, JPEGs and a ThumbHash. */
export interface ProcessedImage {
  /** The lossless master (PNG) of the pixels before any watermark (docs/decisions/0084-region-edit.md). */
  master: Uint8Array;
  full: Uint8Array;
  thumbnail: Uint8Array;
  placeholder: string;
  width: number;
  height: number;
}

/**
 * Stores one processed view: its master, the full JPEG, the thumbnail and the ladder. A ladder that
 * fails is only logged: the image is kept, and its first request makes the ladder (makePendingRendition).
 */
export async function storeView(
  deps: RenditionDeps,
  /** `attempt` 2: a re-render for geometry, stored beside the first (docs/decisions/0086). */
  view: ImageOwner & { seed: number; attempt?: number },
  processed: ProcessedImage,
): Promise<StoredImage> {
  const key = mediaKeys.image(view.userId, view.generationId, view.index, view.attempt);
  const thumbKey = mediaKeys.thumbnail(view.userId, view.generationId, view.index, view.attempt);
  const masterKey = mediaKeys.master(view.userId, view.generationId, view.index, view.attempt);
  const httpMetadata = { contentType: 'image/jpeg' };
  const [renditions] = await Promise.all([
    storeRenditions(deps, view, processed.full, processed).catch((error: unknown) => {
      console.warn(`renditions of view ${view.index} failed; made on first request`, error);
      return undefined;
    }),
    deps.media.put(key, processed.full, { httpMetadata }),
    deps.media.put(thumbKey, processed.thumbnail, { httpMetadata }),
    deps.media.put(masterKey, processed.master, { httpMetadata: { contentType: 'image/png' } }),
  ]);
  const { placeholder, width, height } = processed;
  return { key, bytes: processed.full.length, thumbKey, masterKey, placeholder, width, height, seed: view.seed, ...(renditions ? { renditions } : {}) };
}

/**
 * Answers a pending rendition key (an older row, or a ladder that failed at save): makes and
 * stores the image's whole ladder once, records it in the row, and returns the asked rung.
 * Null when the key is not a pending rendition or the image is gone. A row deleted meanwhile
 * gets its fresh objects deleted again, so none is orphaned.
 */
export async function makePendingRendition(deps: RenditionDeps & { db: Database }, key: string): Promise<R2ObjectBody | null> {
  const parsed = parseMediaKey(key);
  const name = parseRenditionName(key);
  if (!parsed?.generationId || !name || name.hash !== null) return null;
  const owner = { userId: parsed.userId, generationId: parsed.generationId, index: name.index };
  const image = await generationImage(deps.db, owner);
  if (!image) return null;
  let ladder = image.renditions;
  if (!ladder || ladder.length === 0) {
    const original = await deps.media.get(image.key);
    if (!original) return null;
    ladder = await storeRenditions(deps, owner, new Uint8Array(await original.arrayBuffer()), image);
    if (!(await setImageRenditions(deps.db, owner, ladder))) {
      await deps.media.delete(ladder.map((rendition) => rendition.key));
      return null;
    }
  }
  const rung = ladder.find((rendition) => rendition.width === name.width);
  return rung ? deps.media.get(rung.key) : null;
}
