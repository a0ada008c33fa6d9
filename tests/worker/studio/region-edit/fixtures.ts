/** Images and masks for the region-edit tests: textured scenes from the preview engine, shapes, moved copies. */
import { PhotonImage } from '@cf-wasm/photon';
import type { RgbaImage } from '../../../../worker/media';
import { renderPreviewScene } from '../../../../worker/studio/engines/preview';
import type { AspectRatio, Resolution } from '#shared/models';

export function scene(prompt: string, aspectRatio: AspectRatio = '1:1', resolution: Resolution = '1K', seed = 7): RgbaImage {
  return renderPreviewScene({ prompt, model: 'standard', aspectRatio, resolution, seed, images: [], history: [] });
}

/** A mask of `width` × `height` marking where `inside(x, y)` holds. */
export function maskWhere(width: number, height: number, inside: (x: number, y: number) => boolean): Uint8Array {
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) bits[y * width + x] = inside(x, y) ? 1 : 0;
  return bits;
}

export const shapes = {
  rectangle: (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1,
  ellipse: (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
  /** A closed polygon by the even-odd rule: a lasso. */
  polygon: (points: readonly (readonly [number, number])[]) => (x: number, y: number) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  },
  /** A brush stroke of `radius` along a polyline. */
  stroke: (points: readonly (readonly [number, number])[], radius: number) => (x: number, y: number) => {
    for (let i = 1; i < points.length; i += 1) {
      const [ax, ay] = points[i - 1]!;
      const [bx, by] = points[i]!;
      const length2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
      const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2));
      if ((x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2 <= radius * radius) return true;
    }
    return false;
  },
  union: (...parts: ((x: number, y: number) => boolean)[]) => (x: number, y: number) => parts.some((part) => part(x, y)),
};

/**
 * The image as a model would answer it moved: content at crop point u shows at
 * scale·(u − centre) + centre + (dx, dy) (bilinear, edges repeated).
 */
export function moved(image: RgbaImage, dx: number, dy: number, scale = 1): RgbaImage {
  const { width, height, pixels } = image;
  const out = new Uint8Array(pixels.length);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(width - 1, Math.max(0, (x + 0.5 - cx - dx) / scale + cx - 0.5));
      const sy = Math.min(height - 1, Math.max(0, (y + 0.5 - cy - dy) / scale + cy - 0.5));
      const x0 = Math.min(Math.floor(sx), width - 2);
      const y0 = Math.min(Math.floor(sy), height - 2);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 4; c += 1) {
        const at = (px: number, py: number) => pixels[(py * width + px) * 4 + c]!;
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        out[(y * width + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { pixels: out, width, height };
}

/** Through JPEG and back, as a model's answer arrives. */
export function jpegRoundTrip(image: RgbaImage, quality = 85): RgbaImage {
  const photon = new PhotonImage(image.pixels, image.width, image.height);
  const bytes = photon.get_bytes_jpeg(quality);
  photon.free();
  const back = PhotonImage.new_from_byteslice(bytes);
  const decoded = { pixels: back.get_raw_pixels(), width: back.get_width(), height: back.get_height() };
  back.free();
  return decoded;
}

/** Every channel times `gain` plus `offset`: a colour cast. */
export function cast(image: RgbaImage, gain: [number, number, number], offset: [number, number, number]): RgbaImage {
  const pixels = image.pixels.slice();
  for (let i = 0; i < pixels.length; i += 4) {
    for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.max(0, Math.min(255, Math.round(pixels[i + c]! * gain[c]! + offset[c]!)));
  }
  return { ...image, pixels };
}

/**
 * Which pixels lie within `radius` (Euclidean, closed) of a marked one: every boundary pixel of
 * the mask stamps its disk. Written apart from the Worker's distance transform, to check it.
 */
export function dilate(bits: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = bits.slice();
  const r = Math.floor(radius);
  const disk: [number, number][] = [];
  for (let dy = -r; dy <= r; dy += 1) for (let dx = -r; dx <= r; dx += 1) if (dx * dx + dy * dy <= radius * radius) disk.push([dx, dy]);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (bits[y * width + x] !== 1) continue;
      const p = y * width + x;
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1 || bits[p - 1] !== 1 || bits[p + 1] !== 1 || bits[p - width] !== 1 || bits[p + width] !== 1;
      if (!edge) continue;
      for (const [dx, dy] of disk) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
      }
    }
  }
  return out;
}
