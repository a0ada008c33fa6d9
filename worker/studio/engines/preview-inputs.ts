/**
 * What the offline engine takes from its input images (reference images, or the image a
 * refinement starts from): a few dominant colours of the upper and lower halves and where the
 * brightness falls off — the horizon — read from a small decode, which it keeps, with the
 * image's shape, to recognise a picture it drew itself (preview-recognition.ts).
 */
import { PhotonImage, SamplingFilter, resize } from '@cf-wasm/photon';
import type { Rgb } from './canvas';
import type { InlineImage } from './types';
import { noteRaster } from '../../platform/raster-meter';

export interface InputLook {
  /** Dominant colours, most common first. */
  palette: Rgb[];
  /** Mean colour of the upper and lower parts, split at the horizon. */
  upper: Rgb;
  lower: Rgb;
  /** The horizon as a fraction of the height (0 top, 1 bottom). */
  horizon: number;
  /** The first image as SAMPLE×SAMPLE RGBA, and its width over its height. */
  sample: Uint8Array;
  aspect: number;
}

export const SAMPLE = 32;

function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** RGBA of a SAMPLE×SAMPLE thumbnail and the image's aspect, or null when the bytes do not decode. */
function thumbnail(image: InlineImage): { pixels: Uint8Array; aspect: number } | null {
  let source: PhotonImage | undefined;
  let small: PhotonImage | undefined;
  try {
    source = PhotonImage.new_from_byteslice(decodeBase64(image.data));
    noteRaster('decode', source.get_width(), source.get_height(), 'preview input');
    small = resize(source, SAMPLE, SAMPLE, SamplingFilter.Triangle);
    return { pixels: small.get_raw_pixels(), aspect: source.get_width() / Math.max(1, source.get_height()) };
  } catch {
    return null;
  } finally {
    small?.free();
    source?.free();
  }
}

function mean(pixels: Uint8Array, fromRow: number, toRow: number): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  for (let y = fromRow; y < toRow; y += 1) {
    for (let x = 0; x < SAMPLE; x += 1) {
      const i = (y * SAMPLE + x) * 4;
      r += pixels[i] ?? 0;
      g += pixels[i + 1] ?? 0;
      b += pixels[i + 2] ?? 0;
      count += 1;
    }
  }
  const n = Math.max(1, count);
  return [r / n, g / n, b / n];
}

function luma(pixels: Uint8Array, i: number): number {
  return 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
}

/** The row after which the image darkens most: where sky meets ground, roughly. */
function horizonOf(pixels: Uint8Array): number {
  const rows: number[] = [];
  for (let y = 0; y < SAMPLE; y += 1) {
    let total = 0;
    for (let x = 0; x < SAMPLE; x += 1) total += luma(pixels, (y * SAMPLE + x) * 4);
    rows.push(total / SAMPLE);
  }
  let best = SAMPLE / 2;
  let bestDrop = -Infinity;
  for (let y = 4; y < SAMPLE - 4; y += 1) {
    const above = rows.slice(0, y).reduce((a, b) => a + b, 0) / y;
    const below = rows.slice(y).reduce((a, b) => a + b, 0) / (SAMPLE - y);
    if (above - below > bestDrop) {
      bestDrop = above - below;
      best = y;
    }
  }
  return best / SAMPLE;
}

/** The most common colours, binned 3 bits a channel, averaged within their bin. */
function paletteOf(pixels: Uint8Array, size: number): Rgb[] {
  const bins = new Map<number, { count: number; sum: [number, number, number] }>();
  for (let i = 0; i < pixels.length; i += 4) {
    const r = pixels[i] ?? 0;
    const g = pixels[i + 1] ?? 0;
    const b = pixels[i + 2] ?? 0;
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const bin = bins.get(key) ?? { count: 0, sum: [0, 0, 0] };
    bin.count += 1;
    bin.sum[0] += r;
    bin.sum[1] += g;
    bin.sum[2] += b;
    bins.set(key, bin);
  }
  return [...bins.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || keyA - keyB)
    .slice(0, size)
    .map(([, bin]) => [bin.sum[0] / bin.count, bin.sum[1] / bin.count, bin.sum[2] / bin.count] as const);
}

/** Reads the first input images that decode; null when none does. */
export function readInputs(images: readonly InlineImage[]): InputLook | null {
  const decoded = images.slice(0, 3).flatMap((image) => thumbnail(image) ?? []);
  const [first] = decoded;
  if (!first) return null;
  const main = first.pixels;
  const all = new Uint8Array(decoded.length * main.length);
  decoded.forEach(({ pixels }, index) => all.set(pixels.subarray(0, main.length), index * main.length));
  const horizon = horizonOf(main);
  const split = Math.round(horizon * SAMPLE);
  return { palette: paletteOf(all, 4), upper: mean(main, 0, split), lower: mean(main, split, SAMPLE), horizon, sample: main, aspect: first.aspect };
}
