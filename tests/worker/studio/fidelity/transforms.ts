/** Copies of a test input as a render might come back: shifted, blurred, recoloured, blank. */
import type { Drawn } from './inputs';

export interface Image {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The image moved by (dx, dy), the uncovered band filled with its top-left pixel's colour. */
export function shifted(image: Image, dx: number, dy: number): Image {
  const { width, height, pixels } = image;
  const out = new Uint8Array(pixels.length);
  const ground = pixels.slice(0, 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = x - dx;
      const sy = y - dy;
      const target = (y * width + x) * 4;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) out.set(ground, target);
      else out.set(pixels.subarray((sy * width + sx) * 4, (sy * width + sx) * 4 + 4), target);
    }
  }
  return { width, height, pixels: out };
}

/** A light blur: the separable [1 4 6 4 1] / 16 kernel (σ ≈ 1 px), `passes` times. */
export function blurred(image: Image, passes = 1): Image {
  const { width, height } = image;
  let pixels = image.pixels;
  const taps = [1, 4, 6, 4, 1];
  for (let pass = 0; pass < passes; pass += 1) {
    for (const [stepX, stepY] of [[1, 0], [0, 1]] as const) {
      const out = new Uint8Array(pixels.length);
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          for (let c = 0; c < 4; c += 1) {
            let sum = 0;
            for (let k = -2; k <= 2; k += 1) {
              const sx = Math.min(width - 1, Math.max(0, x + k * stepX));
              const sy = Math.min(height - 1, Math.max(0, y + k * stepY));
              sum += pixels[(sy * width + sx) * 4 + c]! * taps[k + 2]!;
            }
            out[(y * width + x) * 4 + c] = Math.round(sum / 16);
          }
        }
      }
      pixels = out;
    }
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
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([...color, 255], i);
  return { width, height, pixels };
}

export function asImage(drawn: Drawn): Image {
  return { width: drawn.width, height: drawn.height, pixels: drawn.pixels };
}
