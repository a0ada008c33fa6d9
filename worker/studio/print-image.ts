/**
 * A 4K view's processing with no second raster in the Worker (docs/decisions/0089-print-resolution.md).
 * The master is written from the engine's bytes: a PNG answer is kept as it came; raw pixels (the
 * preview engine's render) are encoded a band of rows at a time; a JPEG answer or a Concept crop
 * becomes a PNG in the Images binding. The JPEG and the thumbnail are the binding's encodes too,
 * and the rendition ladder already was (docs/decisions/0040). Only the thumbnail is decoded here,
 * for its placeholder. 4K is for paid plans, whose images carry no watermark: none is drawn.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { PRINT_RESOLUTION, type AspectRatio, type Resolution } from '#shared/models';
import { PRINT_MAX_PIXELS } from '#shared/print';
import { encodePngInBands, transformImage, type ProcessedImage } from '../media';
import { THUMBNAIL_JPEG_QUALITY, THUMBNAIL_MAX_SIDE, WATERMARK } from '../platform/limits';
import type { EngineImage } from './engines/types';
import { checkImageHeader } from './image-header';
import { centredCrop, fitWithin, makePlaceholder, processImage } from './image-processing';
import { sniffImage } from './image-sniff';

interface PrintProcessOptions {
  /** Concept output is cropped, centred, to this ratio; at 4K it keeps its size otherwise. */
  cropTo: AspectRatio | null;
}

/** The master PNG and its size: the engine's own bytes where they already are one. */
async function masterOf(images: ImagesBinding, input: EngineImage, cropTo: AspectRatio | null): Promise<{ png: Uint8Array; width: number; height: number }> {
  if (input.kind === 'rgba') {
    const crop = cropTo ? centredCrop(input.width, input.height, cropTo) : null;
    const png = await encodePngInBands(input);
    if (!crop) return { png, width: input.width, height: input.height };
    return { png: await transformImage(images, png, cropTransform(crop), { format: 'image/png' }), width: crop.width, height: crop.height };
  }
  const header = checkImageHeader(input.bytes, PRINT_MAX_PIXELS);
  if (!header.ok) throw new Error(`provider image refused before processing: ${header.reason}`);
  const { width, height } = header.size;
  const crop = cropTo ? centredCrop(width, height, cropTo) : null;
  if (!crop && sniffImage(input.bytes)?.mimeType === 'image/png') return { png: input.bytes, width, height };
  const png = await transformImage(images, input.bytes, crop ? cropTransform(crop) : null, { format: 'image/png' });
  return { png, width: crop?.width ?? width, height: crop?.height ?? height };
}

/** A centred crop of exactly the rectangle's size: `cover` at that size scales by 1 and cuts the rest. */
function cropTransform(crop: { width: number; height: number }): ImageTransform {
  return { width: crop.width, height: crop.height, fit: 'cover', gravity: 'center' };
}

function placeholderOf(thumbnailJpeg: Uint8Array): string {
  const thumbnail = PhotonImage.new_from_byteslice(thumbnailJpeg);
  try {
    return makePlaceholder(thumbnail);
  } finally {
    thumbnail.free();
  }
}

/** The whole pipeline for one 4K view. Throws on any failure: the caller counts the view as failed. */
async function processPrintImage(images: ImagesBinding, input: EngineImage, options: PrintProcessOptions): Promise<ProcessedImage> {
  const master = await masterOf(images, input, options.cropTo);
  const full = await transformImage(images, master.png, null, { format: 'image/jpeg', quality: WATERMARK.jpegQuality });
  const size = fitWithin(master.width, master.height, THUMBNAIL_MAX_SIDE);
  const thumbnail = await transformImage(images, full, { ...size, fit: 'scale-down' }, { format: 'image/jpeg', quality: THUMBNAIL_JPEG_QUALITY });
  return { master: master.png, full, thumbnail, placeholder: placeholderOf(thumbnail), width: master.width, height: master.height };
}

interface ViewProcessOptions extends PrintProcessOptions {
  resolution: Resolution;
  watermark: boolean;
}

/**
 * A view's processing at its resolution: 4K without a raster (above), 1K and 2K with photon
 * (image-processing.ts). A watermark at 4K is refused, not skipped: the 403 at submit keeps free
 * plans from 4K, and an unmarked free image must never be delivered if that rule were bypassed.
 */
export async function processViewImage(images: ImagesBinding, input: EngineImage, options: ViewProcessOptions): Promise<ProcessedImage> {
  if (options.resolution !== PRINT_RESOLUTION) return processImage(input, { cropTo: options.cropTo, watermark: options.watermark });
  if (options.watermark) throw new Error('a watermarked image cannot take the 4K path');
  return processPrintImage(images, input, { cropTo: options.cropTo });
}
