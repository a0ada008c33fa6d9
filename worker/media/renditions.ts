/**
 * Storing one processed view, and its WebP ladder (docs/decisions/0040-webp-rendition-ladder.md):
 * the ladder's keys are named when the view is saved, and each rung is encoded by Cloudflare's
 * Images binding on its first request (docs/decisions/0100-renditions-on-first-request.md).
 */
import type { StoredImage, StoredRendition } from '#shared/generation-types';
import { RENDITION_WEBP_QUALITY, renditionHeight, renditionWidths } from '#shared/renditions';
import type { Database } from '../db/client';
import { toHex } from '../platform/crypto';
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

const WEBP = { httpMetadata: { contentType: 'image/webp' } };

/** One WebP `width` px wide from the stored JPEG. */
export async function encodeWebp(images: ImagesBinding, jpeg: Uint8Array, width: number): Promise<Uint8Array> {
  return transformImage(images, jpeg, { width }, { format: 'image/webp', quality: RENDITION_WEBP_QUALITY });
}

/** The first 16 hex digits of the bytes' SHA-256: enough to never reuse a key for other bytes. */
async function contentHash(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)).slice(0, 8));
}

/**
 * The ladder of one image, named by the hash of the JPEG it is made from: a rung's key names one
 * width of those bytes, so it is immutable before and after its first request makes it.
 */
async function ladderOf(owner: ImageOwner, jpeg: Uint8Array, size: { width: number; height: number }): Promise<StoredRendition[]> {
  const source = await contentHash(jpeg);
  return renditionWidths(size.width).map((width) => ({
    key: mediaKeys.rendition(owner.userId, owner.generationId, owner.index, width, source),
    width,
    height: renditionHeight(size, width),
  }));
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

/** Stores one processed view: its master, the full JPEG and the thumbnail; names its ladder, made on request. */
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
    ladderOf(view, processed.full, processed),
    deps.media.put(key, processed.full, { httpMetadata }),
    deps.media.put(thumbKey, processed.thumbnail, { httpMetadata }),
    deps.media.put(masterKey, processed.master, { httpMetadata: { contentType: 'image/png' } }),
  ]);
  const { placeholder, width, height } = processed;
  return { key, bytes: processed.full.length, thumbKey, masterKey, placeholder, width, height, seed: view.seed, renditions };
}

async function readBytes(media: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await media.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/**
 * Answers a rendition key R2 does not hold yet: encodes that one rung from the image's JPEG, stores
 * it and returns it. A key without a hash is a row saved before ladders were named (its ladder is
 * named and recorded first). Null when the key names no rung of the image, or the image is gone;
 * a rung made as its generation was deleted is deleted again, so none is orphaned.
 */
export async function makeRendition(deps: RenditionDeps & { db: Database }, key: string): Promise<R2ObjectBody | null> {
  const parsed = parseMediaKey(key);
  const name = parseRenditionName(key);
  if (!parsed?.generationId || !name) return null;
  const owner = { userId: parsed.userId, generationId: parsed.generationId, index: name.index };
  const image = await generationImage(deps.db, owner);
  if (!image) return null;
  let jpeg: Uint8Array | null = null;
  let ladder = image.renditions ?? [];
  if (ladder.length === 0) {
    jpeg = await readBytes(deps.media, image.key);
    if (!jpeg) return null;
    ladder = await ladderOf(owner, jpeg, image);
    if (!(await setImageRenditions(deps.db, owner, ladder))) return null;
  }
  const rung = ladder.find((candidate) => (name.hash === null ? candidate.width === name.width : candidate.key === key));
  if (!rung) return null;
  const stored = await deps.media.get(rung.key);
  if (stored) return stored;
  jpeg ??= await readBytes(deps.media, image.key);
  if (!jpeg) return null;
  await deps.media.put(rung.key, await encodeWebp(deps.images, jpeg, rung.width), WEBP);
  if (!(await generationImage(deps.db, owner))) {
    await deps.media.delete(rung.key);
    return null;
  }
  return deps.media.get(rung.key);
}
