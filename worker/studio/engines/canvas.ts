/** A tiny RGBA raster for the preview engine: rows, rectangles, convex polygons, discs, lines. */

export type Rgb = readonly [number, number, number];

function pack([r, g, b]: Rgb): number {
  // Little-endian: the bytes in memory read R, G, B, A.
  return ((255 << 24) | (clamp(b) << 16) | (clamp(g) << 8) | clamp(r)) >>> 0;
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function shade(color: Rgb, factor: number): Rgb {
  return [color[0] * factor, color[1] * factor, color[2] * factor];
}

export class Canvas {
  readonly pixels: Uint8Array;
  private readonly words: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
    this.words = new Uint32Array(this.pixels.buffer);
  }

  /** Fills a horizontal span; coordinates are clipped to the canvas. */
  span(y: number, x0: number, x1: number, color: Rgb): void {
    const row = Math.round(y);
    if (row < 0 || row >= this.height) return;
    const start = Math.max(0, Math.round(x0));
    const end = Math.min(this.width, Math.round(x1));
    if (end > start) this.words.fill(pack(color), row * this.width + start, row * this.width + end);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let row = Math.max(0, Math.round(y)); row < Math.min(this.height, Math.round(y + h)); row += 1) {
      this.span(row, x, x + w, color);
    }
  }

  /** Vertical gradient between two rows, across the whole width or between two columns. */
  gradient(y0: number, y1: number, top: Rgb, bottom: Rgb, x0 = 0, x1 = this.width): void {
    const from = Math.max(0, Math.round(y0));
    const to = Math.min(this.height, Math.round(y1));
    for (let row = from; row < to; row += 1) {
      this.span(row, x0, x1, mix(top, bottom, (row - y0) / Math.max(1, y1 - y0)));
    }
  }

  /** Fills a convex polygon by scanlines. */
  polygon(points: readonly (readonly [number, number])[], color: Rgb): void {
    const ys = points.map(([, y]) => y);
    const top = Math.max(0, Math.ceil(Math.min(...ys)));
    const bottom = Math.min(this.height - 1, Math.floor(Math.max(...ys)));
    for (let y = top; y <= bottom; y += 1) {
      const xs = crossings(points, y + 0.5);
      if (xs.length >= 2) this.span(y, Math.min(...xs), Math.max(...xs), color);
    }
  }

  /** Blends each row towards a colour by `amount(row)` (0–1): mist and haze over what is drawn. */
  veil(color: Rgb, amount: (row: number) => number): void {
    const pixels = this.pixels;
    for (let row = 0; row < this.height; row += 1) {
      const t = Math.max(0, Math.min(1, amount(row)));
      if (t === 0) continue;
      const [r, g, b] = [color[0] * t, color[1] * t, color[2] * t];
      const keep = 1 - t;
      // The blend stays within 0–255, so the byte store only drops the fraction.
      for (let i = row * this.width * 4; i < (row + 1) * this.width * 4; i += 4) {
        pixels[i] = (pixels[i] ?? 0) * keep + r;
        pixels[i + 1] = (pixels[i + 1] ?? 0) * keep + g;
        pixels[i + 2] = (pixels[i + 2] ?? 0) * keep + b;
      }
    }
  }

  disc(cx: number, cy: number, radius: number, color: Rgb): void {
    for (let y = Math.ceil(cy - radius); y <= Math.floor(cy + radius); y += 1) {
      const half = Math.sqrt(Math.max(0, radius * radius - (y - cy) * (y - cy)));
      this.span(y, cx - half, cx + half, color);
    }
  }
}

function crossings(points: readonly (readonly [number, number])[], y: number): number[] {
  const xs: number[] = [];
  for (const [i, [ax, ay]] of points.entries()) {
    const [bx, by] = points[(i + 1) % points.length] ?? [ax, ay];
    if ((ay <= y && by > y) || (by <= y && ay > y)) xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
  }
  return xs;
}

/** A thick straight line as a quadrilateral; enough for rain, cables, mullions seen at an angle. */
export function line(canvas: Canvas, x0: number, y0: number, x1: number, y1: number, thickness: number, color: Rgb): void {
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  const nx = (-(y1 - y0) / length) * (thickness / 2);
  const ny = ((x1 - x0) / length) * (thickness / 2);
  canvas.polygon([[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]], color);
}
