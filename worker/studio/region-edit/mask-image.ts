/**
 * An edit's mask image, read once at submit and again in the job: checked by its bytes and header
 * (never decoded when its header names another size), decoded, and turned into one byte a pixel.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { encodeMasterPng } from '../../media';
import { noteRaster } from '../../platform/raster-meter';
import { checkImageHeader } from '../image-header';
import { sniffImage } from '../image-sniff';
import { maskBounds, maskFromRgba, maskToRgba } from './mask';

export type MaskReading =
  | { ok: true; bits: Uint8Array; width: number; height: number }
  | { ok: false; problem: 'unreadable' | 'wrong_size' | 'empty' };

/** The mask in `bytes`, which must be exactly `size` and mark at least one pixel. */
export function readMask(bytes: Uint8Array, size: { width: number; height: number }): MaskReading {
  const header = sniffImage(bytes) ? checkImageHeader(bytes) : null;
  if (!header?.ok) return { ok: false, problem: 'unreadable' };
  if (header.size.width !== size.width || header.size.height !== size.height) return { ok: false, problem: 'wrong_size' };
  let image: PhotonImage;
  try {
    image = PhotonImage.new_from_byteslice(bytes);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  noteRaster('decode', image.get_width(), image.get_height(), 'edit mask');
  let bits: Uint8Array;
  try {
    if (image.get_width() !== size.width || image.get_height() !== size.height) return { ok: false, problem: 'wrong_size' };
    bits = maskFromRgba(image.get_raw_pixels(), size.width, size.height);
  } finally {
    image.free();
  }
  if (!maskBounds(bits, size.width, size.height)) return { ok: false, problem: 'empty' };
  return { ok: true, bits, ...size };
}

/** The mask as it is kept and shown: an opaque PNG, white where edited, black elsewhere. */
export function maskPng(bits: Uint8Array, width: number, height: number): Uint8Array {
  return encodeMasterPng({ pixels: maskToRgba(bits), width, height });
}
