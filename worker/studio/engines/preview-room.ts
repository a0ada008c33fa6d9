/**
 * A room in one-point perspective for the preview engine: the back wall, and for any depth
 * between it (0) and the picture plane (1) the room's cross-section, so furniture stands on the
 * floor, shelves lie on a wall and lamps hang from the ceiling wherever they are placed.
 */
import { type Canvas, mix, type Rgb, shade } from './canvas';

export type Point = readonly [number, number];

export interface Section {
  left: number;
  right: number;
  ceiling: number;
  floor: number;
}

export class Room {
  constructor(
    readonly canvas: Canvas,
    /** The vanishing point. */
    readonly vx: number,
    readonly vy: number,
    readonly back: Section,
    /** The picture plane: the whole canvas, or the rectangle a room is drawn into. */
    readonly frame: Section,
  ) {}

  /** A room seen through `frame` (default the whole canvas), its back wall 42 % of the frame. */
  static around(canvas: Canvas, vx: number, vy: number, frame: Section = { left: 0, right: canvas.width, ceiling: 0, floor: canvas.height }): Room {
    const [bw, bh] = [(frame.right - frame.left) * 0.42, (frame.floor - frame.ceiling) * 0.42];
    return new Room(canvas, vx, vy, { left: vx - bw / 2, right: vx + bw / 2, ceiling: vy - bh / 2, floor: vy + bh / 2 }, frame);
  }

  /** The room's cross-section at depth s: 0 the back wall, 1 the picture plane. */
  at(s: number): Section {
    const lerp = (a: number, b: number) => a + (b - a) * s;
    const { back, frame } = this;
    return { left: lerp(back.left, frame.left), right: lerp(back.right, frame.right), ceiling: lerp(back.ceiling, frame.ceiling), floor: lerp(back.floor, frame.floor) };
  }

  /** A point in the room: u across (−1 left wall, 1 right wall), s deep, h up (0 floor, 1 ceiling). */
  point(u: number, s: number, h = 0): Point {
    const section = this.at(s);
    return [section.left + ((u + 1) / 2) * (section.right - section.left), section.floor + (section.ceiling - section.floor) * h];
  }

  /** A point on a side wall (−1 left, 1 right) at depth s and height h. */
  wall(side: -1 | 1, s: number, h: number): Point {
    return this.point(side, s, h);
  }

  /** A box standing in the room: across u0–u1, deep s0 (far) – s1 (near), from height h0 to h1. */
  box(u0: number, u1: number, s0: number, s1: number, h0: number, h1: number, color: Rgb): void {
    const c = this.canvas;
    const [fl, ft] = [this.point(u0, s1, h0), this.point(u0, s1, h1)];
    const [fr, frt] = [this.point(u1, s1, h0), this.point(u1, s1, h1)];
    const [bl, bt] = [this.point(u0, s0, h0), this.point(u0, s0, h1)];
    const [br, brt] = [this.point(u1, s0, h0), this.point(u1, s0, h1)];
    // The side that faces the vanishing point shows; the top shows from above, the bottom from below.
    if (fr[0] < this.vx) c.polygon([frt, brt, br, fr], shade(color, 0.78));
    if (fl[0] > this.vx) c.polygon([ft, bt, bl, fl], shade(color, 0.78));
    if (ft[1] > this.vy) c.polygon([ft, frt, brt, bt], shade(color, 1.14));
    else if (fl[1] < this.vy) c.polygon([fl, fr, br, bl], shade(color, 0.7));
    c.polygon([fl, ft, frt, fr], color);
  }

  /** A flat quad on the floor plane (a rug, a patch of sunlight). */
  floorQuad(u0: number, u1: number, s0: number, s1: number, color: Rgb): void {
    this.canvas.polygon([this.point(u0, s0), this.point(u1, s0), this.point(u1, s1), this.point(u0, s1)], color);
  }

  /** A quad on a side wall, between depths and heights. */
  wallQuad(side: -1 | 1, s0: number, s1: number, h0: number, h1: number, color: Rgb): void {
    this.canvas.polygon([this.wall(side, s0, h1), this.wall(side, s1, h1), this.wall(side, s1, h0), this.wall(side, s0, h0)], color);
  }

  /** A quad on the ceiling. */
  ceilingQuad(u0: number, u1: number, s0: number, s1: number, color: Rgb): void {
    this.canvas.polygon([this.point(u0, s0, 1), this.point(u1, s0, 1), this.point(u1, s1, 1), this.point(u0, s1, 1)], color);
  }
}

/** A warm glow: a disc and a fainter halo, for lamps and fires. */
export function glow(canvas: Canvas, [x, y]: Point, radius: number, color: Rgb, around: Rgb): void {
  canvas.disc(x, y, radius * 2.2, mix(around, color, 0.25));
  canvas.disc(x, y, radius * 1.4, mix(around, color, 0.55));
  canvas.disc(x, y, radius, color);
}
