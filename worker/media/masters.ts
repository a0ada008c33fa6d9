/**
 * Lossless masters (docs/decisions/0084-region-edit.md): every view stores, beside its JPEG, a PNG
 * of the engine's pixels before any watermark. Edits read and write masters. An image saved before
 * masters gets one made from its decoded JPEG the first time an edit or its owner needs it (for a
 * free plan's image that JPEG carries the watermark).
 */
import { PhotonImage } from '@cf-wasm/photon';
import type { StoredImage } from '#shared/generation-types';
import type { Database } from '../db/client';
import { noteRaster } from '../platform/raster-meter';
import { encodePngInBands, type RgbaImage } from './png-bands';
import { setImageMaster, type ImageRef } from './records';
import { mediaKeys } from './urls';

export interface MasterDeps {
  db: Database;
  media: R2Bucket;
}

const PNG = { httpMetadata: { contentType: 'image/png' } };

/** Decodes an image with photon and frees it: its pixels are all that is kept. */
function decodePixels(bytes: Uint8Array): RgbaImage {
  const image = PhotonImage.new_from_byteslice(bytes);
  noteRaster('decode', image.get_width(), image.get_height(), 'master');
  try {
    return { pixels: image.get_raw_pixels(), width: image.get_width(), height: image.get_height() };
  } finally {
    image.free();
  }
}

/** The lossless PNG of an image's pixels. */
export function encodeMasterPng(image: RgbaImage): Uint8Array {
  const photon = new PhotonImage(image.pixels, image.width, image.height);
  noteRaster('copy', image.width, image.height, 'master PNG');
  try {
    return photon.get_bytes();
  } finally {
    photon.free();
  }
}

/**
 * Makes the master of an image saved before masters from its JPEG, stores it and records its key
 * in the row; throws when the JPEG or the row is gone (a master made meanwhile is deleted again).
 */
async function masterFromJpeg(deps: MasterDeps, ref: ImageRef, image: StoredImage): Promise<{ key: string; pixels: RgbaImage }> {
  const jpeg = await deps.media.get(image.key);
  if (!jpeg) throw new Error(`image ${image.key} is missing`);
  const pixels = decodePixels(new Uint8Array(await jpeg.arrayBuffer()));
  const key = mediaKeys.master(ref.userId, ref.generationId, ref.index);
  await deps.media.put(key, await encodePngInBands(pixels), PNG);
  if (!(await setImageMaster(deps.db, ref, key))) {
    await deps.media.delete(key);
    throw new Error(`generation ${ref.generationId} is gone`);
  }
  return { key, pixels };
}

/** The R2 key of the image's master, making the master first when the image predates masters. */
export async function ensureMaster(deps: MasterDeps, ref: ImageRef, image: StoredImage): Promise<string> {
  if (image.masterKey && (await deps.media.head(image.masterKey))) return image.masterKey;
  return (await masterFromJpeg(deps, ref, image)).key;
}

/** The master's pixels, decoded once: what an edit starts from. */
export async function loadMasterPixels(deps: MasterDeps, ref: ImageRef, image: StoredImage): Promise<RgbaImage> {
  const stored = image.masterKey ? await deps.media.get(image.masterKey) : null;
  if (!stored) return (await masterFromJpeg(deps, ref, image)).pixels;
  return decodePixels(new Uint8Array(await stored.arrayBuffer()));
}
