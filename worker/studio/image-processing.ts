/**
 * Post-processing of every generated view on the Worker with photon: Concept crop
 * (docs/decisions/0016-concept-crop-on-worker.md), the lossless master
 * (docs/decisions/0084-region-edit.md), the free plan's watermark
 * (docs/decisions/0015-watermark-on-worker.md), JPEG output
 * (docs/decisions/0014-jpeg-output-and-download-names.md), a thumbnail and a ThumbHash placeholder
 * (docs/decisions/0013-thumbnails-and-placeholders.md).
 */
import { PhotonImage, SamplingFilter, crop, resize, watermark } from '@cf-wasm/photon';
import { rgbaToThumbHash } from 'thumbhash';
import { WATERMARK_MARK_PNG_BASE64 } from './watermark-mark';
import { CONCEPT_MAX_SIDE, CROP_TOLERANCE, MAX_IMAGE_PIXELS, PLACEHOLDER_MAX_SIDE, REFERENCE_JPEG_QUALITY, REFERENCE_KEEP_MAX_BYTES, REFERENCE_MAX_SIDE, THUMBNAIL_JPEG_QUALITY, THUMBNAIL_MAX_SIDE, WATERMARK } from '../platform/limits';
import { ratioValue, type AspectRatio } from '#shared/models';
import type { EngineImage } from './engines/types';
import { toBase64 } from '../platform/base64';
import { checkImageHeader } from './image-header';
import { GUESS_SAMPLE_SIDE } from './input-guess';
import { noteRaster } from '../platform/raster-meter';
import { encodePngInBands, type ProcessedImage, type RgbaImage } from '../media';

export interface ProcessOptions {
  /** Concept output is cropped to this ratio and capped at CONCEPT_MAX_SIDE. */
  cropTo: AspectRatio | null;
  watermark: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The centred crop to `ratio`, or null when the image is already within 2 % of it. */
export function centredCrop(width: number, height: number, ratio: AspectRatio): Rect | null {
  const target = ratioValue(ratio);
  const actual = width / height;
  if (Math.abs(actual / target - 1) <= CROP_TOLERANCE) return null;
  if (actual > target) {
    const w = Math.round(height * target);
    return { x: Math.floor((width - w) / 2), y: 0, width: w, height };
  }
  const h = Math.round(width / target);
  return { x: 0, y: Math.floor((height - h) / 2), width, height: h };
}

/** Scales (width, height) down so the long side is at most `maxSide`; never up. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Where the mark goes and how big: 4.5 % of the width, 20 px from the bottom-right corner. */
export function watermarkPlacement(width: number, height: number, markWidth: number, markHeight: number): Rect {
  const w = Math.max(1, Math.round(width * WATERMARK.widthFraction));
  const h = Math.max(1, Math.round((w * markHeight) / markWidth));
  return { x: width - w - WATERMARK.marginPx, y: height - h - WATERMARK.marginPx, width: w, height: h };
}

/** Decodes a provider's image only after its header says it fits MAX_IMAGE_PIXELS. */
function decode(image: EngineImage): PhotonImage {
  if (image.kind === 'rgba') {
    if (image.width * image.height > MAX_IMAGE_PIXELS) throw new Error(`image of ${image.width}x${image.height} px refused`);
    noteRaster('copy', image.width, image.height, 'image processing');
    return new PhotonImage(image.pixels, image.width, image.height);
  }
  const header = checkImageHeader(image.bytes);
  if (!header.ok) throw new Error(`provider image refused before decoding: ${header.reason}`);
  noteRaster('decode', header.size.width, header.size.height, 'image processing');
  return PhotonImage.new_from_byteslice(image.bytes);
}

/** Applies `step` and frees the image it replaces (photon's images live in wasm memory). */
function replace(image: PhotonImage, step: (image: PhotonImage) => PhotonImage): PhotonImage {
  const next = step(image);
  if (next !== image) image.free();
  return next;
}

export function conceptCrop(image: PhotonImage, ratio: AspectRatio): PhotonImage {
  const rect = centredCrop(image.get_width(), image.get_height(), ratio);
  let result = rect
    ? replace(image, (img) => crop(img, rect.x, rect.y, rect.x + rect.width, rect.y + rect.height))
    : image;
  const size = fitWithin(result.get_width(), result.get_height(), CONCEPT_MAX_SIDE);
  if (size.width !== result.get_width() || size.height !== result.get_height()) {
    result = replace(result, (img) => resize(img, size.width, size.height, SamplingFilter.Lanczos3));
  }
  return result;
}

let markCache: { pixels: Uint8Array; width: number; height: number } | null = null;

/** The shipped mark, decoded once per isolate. */
function markSource(): { pixels: Uint8Array; width: number; height: number } {
  if (!markCache) {
    const mark = PhotonImage.new_from_base64(WATERMARK_MARK_PNG_BASE64);
    markCache = { pixels: mark.get_raw_pixels(), width: mark.get_width(), height: mark.get_height() };
    mark.free();
  }
  return markCache;
}

/** Blends the white mark at 63 % opacity into the bottom-right corner, in place. */
export function applyWatermark(image: PhotonImage): void {
  const source = markSource();
  const place = watermarkPlacement(image.get_width(), image.get_height(), source.width, source.height);
  if (place.x < 0 || place.y < 0) throw new Error('Image too small for the watermark');
  const full = new PhotonImage(source.pixels, source.width, source.height);
  const mark = resize(full, place.width, place.height, SamplingFilter.Lanczos3);
  full.free();
  const pixels = mark.get_raw_pixels();
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = 255;
    pixels[i + 1] = 255;
    pixels[i + 2] = 255;
    pixels[i + 3] = Math.round((pixels[i + 3] ?? 0) * WATERMARK.opacity);
  }
  const faded = new PhotonImage(pixels, place.width, place.height);
  mark.free();
  watermark(image, faded, BigInt(place.x), BigInt(place.y));
  faded.free();
}

export function makeThumbnail(image: PhotonImage): PhotonImage {
  const size = fitWithin(image.get_width(), image.get_height(), THUMBNAIL_MAX_SIDE);
  return resize(image, size.width, size.height, SamplingFilter.Triangle);
}

/** ThumbHash of an image, from a copy shrunk to at most 100 px (ThumbHash's own limit). */
export function makePlaceholder(image: PhotonImage): string {
  const size = fitWithin(image.get_width(), image.get_height(), PLACEHOLDER_MAX_SIDE);
  const small = resize(image, size.width, size.height, SamplingFilter.Triangle);
  try {
    return toBase64(rgbaToThumbHash(size.width, size.height, small.get_raw_pixels()));
  } finally {
    small.free();
  }
}

/** The pixels photon holds before the watermark: the engine's own raster when photon changed nothing. */
function unmarkedPixels(input: EngineImage, image: PhotonImage): RgbaImage {
  const width = image.get_width();
  const height = image.get_height();
  if (input.kind === 'rgba' && input.width === width && input.height === height) return input;
  noteRaster('copy', width, height, 'master PNG');
  return { pixels: image.get_raw_pixels(), width, height };
}

/** The whole pipeline for one view. Rejects on any failure: the caller counts the view as failed. */
export async function processImage(input: EngineImage, options: ProcessOptions): Promise<ProcessedImage> {
  let image = decode(input);
  try {
    if (options.cropTo) image = conceptCrop(image, options.cropTo);
    // The master keeps the pixels as delivered, before the watermark: what an edit starts from. The
    // runtime's zlib writes it (png-bands.ts) in about half of photon's time and size.
    const master = await encodePngInBands(unmarkedPixels(input, image));
    if (options.watermark) applyWatermark(image);
    const full = image.get_bytes_jpeg(WATERMARK.jpegQuality);
    const thumb = makeThumbnail(image);
    try {
      return {
        master,
        full,
        thumbnail: thumb.get_bytes_jpeg(THUMBNAIL_JPEG_QUALITY),
        placeholder: makePlaceholder(thumb),
        width: image.get_width(),
        height: image.get_height(),
      };
    } finally {
      thumb.free();
    }
  } finally {
    image.free();
  }
}

/** An engine's image decoded (its header checked first) and brought to exactly width × height. */
export function decodeImageAt(input: EngineImage, width: number, height: number): RgbaImage {
  if (input.kind === 'rgba' && input.width === width && input.height === height) return { pixels: input.pixels, width, height };
  let image = decode(input);
  try {
    if (image.get_width() !== width || image.get_height() !== height) {
      image = replace(image, (img) => resize(img, width, height, SamplingFilter.Lanczos3));
    }
    return { pixels: image.get_raw_pixels(), width, height };
  } finally {
    image.free();
  }
}

/** RGBA pixels as a JPEG. */
export function encodeJpeg(image: RgbaImage, quality: number): Uint8Array {
  const photon = new PhotonImage(image.pixels, image.width, image.height);
  noteRaster('copy', image.width, image.height, 'JPEG');
  try {
    return photon.get_bytes_jpeg(quality);
  } finally {
    photon.free();
  }
}

export interface PreparedReference {
  bytes: Uint8Array;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
  /** A small RGBA copy (long side GUESS_SAMPLE_SIDE at most), made from the one decode, for guessing its input type. */
  sample: { pixels: Uint8Array; width: number; height: number };
}

/** A small RGBA copy of a decoded image (never enlarged). */
function sampleOf(image: PhotonImage): PreparedReference['sample'] {
  const size = fitWithin(image.get_width(), image.get_height(), GUESS_SAMPLE_SIDE);
  if (size.width === image.get_width()) return { pixels: image.get_raw_pixels(), ...size };
  const small = resize(image, size.width, size.height, SamplingFilter.Triangle);
  try {
    return { pixels: small.get_raw_pixels(), ...size };
  } finally {
    small.free();
  }
}

/**
 * An upload decoded once (its header was checked first: decodeChecked): refused when it does not
 * decode or its pixels disagree with its header; a reference over REFERENCE_MAX_SIDE or heavier
 * than REFERENCE_KEEP_MAX_BYTES is downscaled and re-encoded as JPEG, so every later generation
 * loads and sends a small image.
 */
export function prepareReference(bytes: Uint8Array, kind: { mimeType: PreparedReference['mimeType']; ext: PreparedReference['ext'] }, header: { width: number; height: number }): PreparedReference | null {
  let image: PhotonImage;
  try {
    image = PhotonImage.new_from_byteslice(bytes);
  } catch {
    return null;
  }
  noteRaster('decode', image.get_width(), image.get_height(), 'reference upload');
  try {
    const width = image.get_width();
    const height = image.get_height();
    if (width !== header.width || height !== header.height) return null;
    const size = fitWithin(width, height, REFERENCE_MAX_SIDE);
    const sample = sampleOf(image);
    if (size.width === width && bytes.length <= REFERENCE_KEEP_MAX_BYTES) return { bytes, ...kind, width, height, sample };
    const scaled = size.width === width ? image : resize(image, size.width, size.height, SamplingFilter.Lanczos3);
    try {
      return { bytes: scaled.get_bytes_jpeg(REFERENCE_JPEG_QUALITY), mimeType: 'image/jpeg', ext: 'jpg', width: size.width, height: size.height, sample };
    } finally {
      if (scaled !== image) scaled.free();
    }
  } finally {
    image.free();
  }
}
