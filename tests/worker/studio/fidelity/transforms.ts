/** Copies of a test input as a render might come back: shifted, blurred, recoloured, blank. */
import { Canvas } from '../../../../worker/studio/engines/canvas';
import type { Drawn } from './inputs';

export interface Image {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The image moved by (dx, dy), the uncovered band filled with its top-left pixel's colour. */
export function shifted(image: Image, dx: number, dy: number): Image {
  const { width, height, pixels } = image;
  // A pixel's four bytes as one word.
  const from = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  const out = new Uint32Array(width * height);
  const ground = from[0] ?? 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = x - dx;
      const sy = y - dy;
      out[y * width + x] = sx < 0 || sy < 0 || sx >= width || sy >= height ? ground : (from[sy * width + sx] ?? 0);
    }
  }
  return { width, height, pixels: new Uint8Array(out.buffer) };
}

/** One pass of the [1 4 6 4 1] / 16 kernel along every row or every column, edges repeated. */
function blurPass(pixels: Uint8Array, width: number, height: number, alongRows: boolean): Uint8Array {
  const out = new Uint8Array(pixels.length);
  const [lines, length, step, lineStep] = alongRows ? [height, width, 4, width * 4] : [width, height, width * 4, 4];
  for (let line = 0; line < lines; line += 1) {
    const start = line * lineStep;
    const tap = (at: number) => start + Math.min(length - 1, Math.max(0, at)) * step;
    for (let at = 0; at < length; at += 1) {
      const a = tap(at - 2);
      const b = tap(at - 1);
      const c = start + at * step;
      const d = tap(at + 1);
      const e = tap(at + 2);
      for (let channel = 0; channel < 4; channel += 1) {
        const sum = pixels[a + channel]! + 4 * pixels[b + channel]! + 6 * pixels[c + channel]! + 4 * pixels[d + channel]! + pixels[e + channel]!;
        out[c + channel] = Math.round(sum / 16);
      }
    }
  }
  return out;
}

/** A light blur: the separable [1 4 6 4 1] / 16 kernel (σ ≈ 1 px), `passes` times. */
export function blurred(image: Image, passes = 1): Image {
  const { width, height } = image;
  let pixels = image.pixels;
  for (let pass = 0; pass < passes; pass += 1) {
    pixels = blurPass(blurPass(pixels, width, height, true), width, height, false);
  }
  return { width, height, pixels };
}

/** Ink and paper in other colours: each pixel's lightness mapped from `dark` to `light`. */
export function recoloured(image: Image, dark: [number, number, number] = [30, 60, 150], light: [number, number, number] = [250, 238, 205]): Image {
  const out = new Uint8Array(image.pixels.length);
  for (let i = 0; i < out.length; i += 4) {
    const luma = (0.299 * image.pixels[i]! + 0.587 * image.pixels[i + 1]! + 0.114 * image.pixels[i + 2]!) / 255;
    for (let c = 0; c < 3; c += 1) out[i + c] = Math.round(dark[c]! + (light[c]! - dark[c]!) * luma);
    out[i + 3] = 255;
  }
  return { ...image, pixels: out };
}

/** A render with nothing in it: one flat colour. */
export function blank(width: number, height: number, color: [number, number, number] = [200, 200, 200]): Image {
  const canvas = new Canvas(width, height);
  canvas.rect(0, 0, width, height, color);
  return { width, height, pixels: canvas.pixels };
}

export function asImage(drawn: Drawn): Image {
  return { width: drawn.width, height: drawn.height, pixels: drawn.pixels };
}
