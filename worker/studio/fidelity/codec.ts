/**
 * The metric's decoder: photon decodes an input or a stored render to
 * RGBA (refused past MAX_IMAGE_PIXELS by its header, and shrunk to DECODE_MAX_SIDE at once so a
 * large upload never holds its full pixels for long). The map is encoded by png.ts.
 */
import { PhotonImage, SamplingFilter, resize } from '@cf-wasm/photon';
import { noteRaster } from '../../platform/raster-meter';
import { checkImageHeader } from '../image-header';
import type { Rgba } from './raster';

/** Twice the working size: enough detail for the tent filter to shrink from, a quarter of a 4K decode's memory. */
const DECODE_MAX_SIDE = 2048;

/** RGBA of encoded PNG, JPEG or WebP bytes, at most DECODE_MAX_SIDE on the long side; null when they do not decode. */
export function decodeRgba(bytes: Uint8Array): Rgba | null {
  const header = checkImageHeader(bytes);
  if (!header.ok) return null;
  let image: PhotonImage | undefined;
  let small: PhotonImage | undefined;
  try {
    // The whole image is decoded before it is shrunk: a print-size image reaches the scorer at 1K (worker/generation/fidelity.ts).
    noteRaster('decode', header.size.width, header.size.height, 'geometry fidelity');
    image = PhotonImage.new_from_byteslice(bytes);
    const width = image.get_width();
    const height = image.get_height();
    const scale = Math.min(1, DECODE_MAX_SIDE / Math.max(width, height));
    if (scale < 1) {
      small = resize(image, Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), SamplingFilter.Triangle);
    }
    const source = small ?? image;
    return { pixels: source.get_raw_pixels(), width: source.get_width(), height: source.get_height() };
  } catch {
    return null;
  } finally {
    small?.free();
    image?.free();
  }
}
