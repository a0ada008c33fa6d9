/**
 * A tiny RGBA raster for the preview engine: rows, rectangles, convex polygons, discs, rings and
 * lines, drawn through a view — a zoom towards a point and an optional mirror — so one scene's
 * painters, which work in the scene's own coordinates (0…width, 0…height), can be seen from
 * another camera without knowing it. A canvas may hold fewer pixels than its scene has units
 * (`resolution` < 1): the same scene, drawn small, for recognising a picture (preview-recognition.ts).
 */

export type Rgb = readonly [number, number, number];

/** A rectangle in scene coordinates: where an object or a surface is drawn. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How the scene maps onto the pixels: `zoom` ≥ 1 towards the scene point (cx, cy), mirrored or not. */
export interface ViewTransform {
  zoom: number;
  cx: number;
  cy: number;
  mirror: boolean;
}

/** An opaque colour as one pixel of a Uint32Array over RGBA bytes (little-endian: the bytes read R, G, B, A). */
export function rgbaWord([r, g, b]: Rgb): number {
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
  /** The raster's size in pixels; `width` and `height` are the scene's. */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  private readonly words: Uint32Array;
  /** Pixels per scene unit: the view's zoom times the resolution. */
  private scale: number;
  private originX = 0;
  private originY = 0;
  private mirror = false;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly resolution = 1,
  ) {
    this.pixelWidth = Math.max(1, Math.round(width * resolution));
    this.pixelHeight = Math.max(1, Math.round(height * resolution));
    this.pixels = new Uint8Array(this.pixelWidth * this.pixelHeight * 4);
    this.words = new Uint32Array(this.pixels.buffer);
    this.scale = resolution;
  }

  /** Sees the scene through `view` from now on; the visible window never leaves the scene. */
  setView(view: ViewTransform | null): void {
    const zoom = Math.max(1, view?.zoom ?? 1);
    const cx = view ? (view.mirror ? this.width - view.cx : view.cx) : this.width / 2;
    const cy = view?.cy ?? this.height / 2;
    this.scale = zoom * this.resolution;
    this.mirror = view?.mirror ?? false;
    this.originX = Math.max(0, Math.min(this.width - this.width / zoom, cx - this.width / (2 * zoom)));
    this.originY = Math.max(0, Math.min(this.height - this.height / zoom, cy - this.height / (2 * zoom)));
  }

  /** Pixel column of a scene x. */
  screenX(x: number): number {
    return ((this.mirror ? this.width - x : x) - this.originX) * this.scale;
  }

  /** Pixel row of a scene y. */
  screenY(y: number): number {
    return (y - this.originY) * this.scale;
  }

  /** Fills pixel rows [top, bottom) between pixel columns [left, right), clipped to the canvas. */
  private fill(top: number, bottom: number, left: number, right: number, color: Rgb): void {
    const start = Math.max(0, Math.round(Math.min(left, right)));
    const end = Math.min(this.pixelWidth, Math.round(Math.max(left, right)));
    if (end <= start) return;
    const word = rgbaWord(color);
    for (let row = Math.max(0, Math.round(top)); row < Math.min(this.pixelHeight, Math.round(bottom)); row += 1) {
      this.words.fill(word, row * this.pixelWidth + start, row * this.pixelWidth + end);
    }
  }

  /** Fills the scene row y (one unit high) between x0 and x1. */
  span(y: number, x0: number, x1: number, color: Rgb): void {
    const row = Math.round(y);
    this.fill(this.screenY(row), Math.max(this.screenY(row + 1), this.screenY(row) + 1), this.screenX(x0), this.screenX(x1), color);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.fill(this.screenY(y), this.screenY(y + h), this.screenX(x), this.screenX(x + w), color);
  }

  /** Vertical gradient between two scene rows, across the whole width or between two columns. */
  gradient(y0: number, y1: number, top: Rgb, bottom: Rgb, x0 = 0, x1 = this.width): void {
    const from = Math.max(0, Math.round(this.screenY(y0)));
    const to = Math.min(this.pixelHeight, Math.round(this.screenY(y1)));
    const span = Math.max(1e-6, this.screenY(y1) - this.screenY(y0));
    const [left, right] = [this.screenX(x0), this.screenX(x1)];
    for (let row = from; row < to; row += 1) {
      this.fill(row, row + 1, left, right, mix(top, bottom, (row - this.screenY(y0)) / span));
    }
  }

  /** Fills a convex polygon by pixel scanlines. */
  polygon(points: readonly (readonly [number, number])[], color: Rgb): void {
    const screen = points.map(([x, y]) => [this.screenX(x), this.screenY(y)] as const);
    const ys = screen.map(([, y]) => y);
    const top = Math.max(0, Math.ceil(Math.min(...ys) - 0.5));
    const bottom = Math.min(this.pixelHeight - 1, Math.floor(Math.max(...ys)));
    for (let y = top; y <= bottom; y += 1) {
      const xs = crossings(screen, y + 0.5);
      if (xs.length >= 2) this.fill(y, y + 1, Math.min(...xs), Math.max(...xs), color);
    }
  }

  /** Blends each pixel row towards a colour by `amount(sceneRow)` (0–1): mist and haze over what is drawn. */
  veil(color: Rgb, amount: (row: number) => number): void {
    const pixels = this.pixels;
    const width = this.pixelWidth;
    for (let row = 0; row < this.pixelHeight; row += 1) {
      const t = Math.max(0, Math.min(1, amount(row / this.scale + this.originY)));
      if (t === 0) continue;
      const [r, g, b] = [color[0] * t, color[1] * t, color[2] * t];
      const keep = 1 - t;
      // The blend stays within 0–255, so the byte store only drops the fraction.
      for (let i = row * width * 4; i < (row + 1) * width * 4; i += 4) {
        pixels[i] = (pixels[i] ?? 0) * keep + r;
        pixels[i + 1] = (pixels[i + 1] ?? 0) * keep + g;
        pixels[i + 2] = (pixels[i + 2] ?? 0) * keep + b;
      }
    }
  }

  disc(cx: number, cy: number, radius: number, color: Rgb): void {
    this.ring(cx, cy, radius, radius, color);
  }

  /** A circle's band `thickness` wide inside its radius: wheels, hoops, lamp rims. */
  ring(cx: number, cy: number, radius: number, thickness: number, color: Rgb): void {
    const [x, y, r] = [this.screenX(cx), this.screenY(cy), radius * this.scale];
    const inner = Math.max(0, r - thickness * this.scale);
    for (let row = Math.ceil(y - r); row <= Math.floor(y + r); row += 1) {
      const dy = row - y;
      const outer = Math.sqrt(Math.max(0, r * r - dy * dy));
      const hole = Math.abs(dy) < inner ? Math.sqrt(inner * inner - dy * dy) : 0;
      if (hole === 0) this.fill(row, row + 1, x - outer, x + outer, color);
      else {
        this.fill(row, row + 1, x - outer, x - hole, color);
        this.fill(row, row + 1, x + hole, x + outer, color);
      }
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
