/**
 * Measurements of rendered previews, shared by the engine's tests and the contact sheet
 * (scripts/contact-sheet.mjs): what changed between two pictures and where, how a surface
 * repeats, how alike two palettes are and where a colour lies.
 */
import { Canvas } from '../../../../worker/studio/engines/canvas';
import { drawSurface } from '../../../../worker/studio/engines/preview-materials';
import { FINISHES, lit, settle } from '../../../../worker/studio/engines/preview-scene';
import { shotFor } from '../../../../worker/studio/engines/preview-shots';
import { readPrompt, type Material } from '../../../../worker/studio/engines/scene-reading';

export interface Picture {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A region as fractions of the picture (0–1). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const WHOLE: Box = { x0: 0, y0: 0, x1: 1, y1: 1 };

function channel(picture: Picture, x: number, y: number, c: number): number {
  return picture.pixels[(y * picture.width + x) * 4 + c] ?? 0;
}

function luma(picture: Picture, x: number, y: number): number {
  return 0.299 * channel(picture, x, y, 0) + 0.587 * channel(picture, x, y, 1) + 0.114 * channel(picture, x, y, 2);
}

function pixelsOf(picture: Picture, box: Box): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.max(0, Math.floor(box.x0 * picture.width)),
    y0: Math.max(0, Math.floor(box.y0 * picture.height)),
    x1: Math.min(picture.width, Math.ceil(box.x1 * picture.width)),
    y1: Math.min(picture.height, Math.ceil(box.y1 * picture.height)),
  };
}

function inside(box: Box, x: number, y: number): boolean {
  return x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
}

/** Whether a pixel differs between two pictures by more than `threshold` in some channel. */
function differs(a: Picture, b: Picture, x: number, y: number, threshold: number): boolean {
  for (let c = 0; c < 3; c += 1) if (Math.abs(channel(a, x, y, c) - channel(b, x, y, c)) > threshold) return true;
  return false;
}

/** Share of pixels (sampled every other pixel) that differ by more than `threshold`, within `box`. */
export function changedShare(a: Picture, b: Picture, box: Box = WHOLE, threshold = 24): number {
  const area = pixelsOf(a, box);
  let hits = 0;
  let total = 0;
  for (let y = area.y0; y < area.y1; y += 2) {
    for (let x = area.x0; x < area.x1; x += 2) {
      if (differs(a, b, x, y, threshold)) hits += 1;
      total += 1;
    }
  }
  return hits / Math.max(1, total);
}

/** The bounds of what changed, as fractions, or null when nothing did. */
export function changedBox(a: Picture, b: Picture, threshold = 24): Box | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < a.height; y += 2) {
    for (let x = 0; x < a.width; x += 2) {
      if (!differs(a, b, x, y, threshold)) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 2);
      y1 = Math.max(y1, y + 2);
    }
  }
  return x1 < 0 ? null : { x0: x0 / a.width, y0: y0 / a.height, x1: x1 / a.width, y1: y1 / a.height };
}

/** `box` grown by `margin` (a fraction of the picture) on every side. */
export function grown(box: Box, margin: number): Box {
  return { x0: box.x0 - margin, y0: box.y0 - margin, x1: box.x1 + margin, y1: box.y1 + margin };
}

/** Mean absolute difference per channel (0–255) over the pixels outside `except`. */
export function meanDifferenceOutside(a: Picture, b: Picture, except: Box | null): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 2) {
    for (let x = 0; x < a.width; x += 2) {
      if (except && inside(except, x / a.width, y / a.height)) continue;
      for (let c = 0; c < 3; c += 1) sum += Math.abs(channel(a, x, y, c) - channel(b, x, y, c));
      count += 3;
    }
  }
  return sum / Math.max(1, count);
}

/** Share of pixels within `box` whose colour passes `test`. */
export function colourShare(picture: Picture, test: (r: number, g: number, b: number) => boolean, box: Box = WHOLE): number {
  const area = pixelsOf(picture, box);
  let hits = 0;
  let total = 0;
  for (let y = area.y0; y < area.y1; y += 2) {
    for (let x = area.x0; x < area.x1; x += 2) {
      if (test(channel(picture, x, y, 0), channel(picture, x, y, 1), channel(picture, x, y, 2))) hits += 1;
      total += 1;
    }
  }
  return hits / Math.max(1, total);
}

/** The bounds of the pixels whose colour passes `test`, or null. */
export function colourBox(picture: Picture, test: (r: number, g: number, b: number) => boolean): Box | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < picture.height; y += 2) {
    for (let x = 0; x < picture.width; x += 2) {
      if (!test(channel(picture, x, y, 0), channel(picture, x, y, 1), channel(picture, x, y, 2))) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 2), Math.max(y1, y + 2)];
    }
  }
  return x1 < 0 ? null : { x0: x0 / picture.width, y0: y0 / picture.height, x1: x1 / picture.width, y1: y1 / picture.height };
}

/** The mean luma of each row ('rows') or each column ('columns') within `box`. */
export function profile(picture: Picture, box: Box, axis: 'rows' | 'columns'): number[] {
  const area = pixelsOf(picture, box);
  const values: number[] = [];
  const [outer0, outer1, inner0, inner1] = axis === 'rows' ? [area.y0, area.y1, area.x0, area.x1] : [area.x0, area.x1, area.y0, area.y1];
  for (let a = outer0; a < outer1; a += 1) {
    let sum = 0;
    for (let b = inner0; b < inner1; b += 1) sum += axis === 'rows' ? luma(picture, b, a) : luma(picture, a, b);
    values.push(sum / Math.max(1, inner1 - inner0));
  }
  return values;
}

/** Standard deviation of a profile: how much a surface changes from row to row, or column to column. */
export function profileSpread(picture: Picture, box: Box, axis: 'rows' | 'columns'): number {
  const values = profile(picture, box, axis);
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length));
}

/**
 * How strongly a surface repeats across `axis` within `box`: the highest correlation (−1…1)
 * between the profile's steps and themselves shifted by 3–40 px, with that shift. 'rows' reads
 * the mean of each row (courses, board marks), 'columns' the mean of each column (boards, poles).
 * Steps, not the profile, so a slow change of light does not count as a repeat.
 */
export function repetition(picture: Picture, box: Box, axis: 'rows' | 'columns'): { strength: number; period: number } {
  const values = profile(picture, box, axis);
  const steps = values.slice(1).map((value, i) => value - (values[i] ?? value));
  let best = { strength: 0, period: 0 };
  for (let lag = 3; lag <= 40; lag += 1) {
    const strength = correlation(steps.slice(0, steps.length - lag), steps.slice(lag));
    if (strength > best.strength) best = { strength, period: lag };
  }
  return best;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 4) return 0;
  const mean = (values: readonly number[]) => values.slice(0, n).reduce((sum, value) => sum + value, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < n; i += 1) {
    const [da, db] = [(a[i] ?? 0) - ma, (b[i] ?? 0) - mb];
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Spread of luma within `box` (standard deviation): how much a surface varies. */
export function lumaSpread(picture: Picture, box: Box): number {
  const area = pixelsOf(picture, box);
  const values: number[] = [];
  for (let y = area.y0; y < area.y1; y += 2) for (let x = area.x0; x < area.x1; x += 2) values.push(luma(picture, x, y));
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length));
}

/** A colour histogram of 8 levels a channel (512 bins), summing to 1. */
export function histogram(picture: Picture): number[] {
  const bins = new Array<number>(512).fill(0);
  let total = 0;
  for (let y = 0; y < picture.height; y += 3) {
    for (let x = 0; x < picture.width; x += 3) {
      const bin = (channel(picture, x, y, 0) >> 5) * 64 + (channel(picture, x, y, 1) >> 5) * 8 + (channel(picture, x, y, 2) >> 5);
      bins[bin] = (bins[bin] ?? 0) + 1;
      total += 1;
    }
  }
  return bins.map((count) => count / Math.max(1, total));
}

/**
 * How much of one picture is painted in colours the other also uses (at least 0.5 % of it), the
 * higher of the two ways round: a close view shows part of what a wide one shows, so its colours
 * lie within the wide one's. Near 1 for two views of one scene; lower when the light, the
 * materials or the setting differ.
 */
export function paletteContainment(a: Picture, b: Picture): number {
  const [ha, hb] = [histogram(a), histogram(b)];
  const share = (from: number[], to: number[]) => from.reduce((sum, value, i) => sum + ((to[i] ?? 0) >= 0.005 ? value : 0), 0);
  return Math.max(share(ha, hb), share(hb, ha));
}

/** Mean luma of each cell of a grid `cells` × `cells`, row by row: where sky, building and ground lie. */
export function layout(picture: Picture, cells = 6): number[] {
  return Array.from({ length: cells * cells }, (_, index) => {
    const [cx, cy] = [index % cells, Math.floor(index / cells)];
    const [x0, x1] = [Math.floor((cx * picture.width) / cells), Math.floor(((cx + 1) * picture.width) / cells)];
    const [y0, y1] = [Math.floor((cy * picture.height) / cells), Math.floor(((cy + 1) * picture.height) / cells)];
    let sum = 0;
    let count = 0;
    for (let y = y0; y < y1; y += 3) {
      for (let x = x0; x < x1; x += 3) {
        sum += luma(picture, x, y);
        count += 1;
      }
    }
    return sum / Math.max(1, count);
  });
}

/** Mean absolute difference (0–255) of two pictures' layouts: how differently two cameras frame a scene. */
export function framingDistance(a: Picture, b: Picture): number {
  const [la, lb] = [layout(a), layout(b)];
  return la.reduce((sum, value, i) => sum + Math.abs(value - (lb[i] ?? 0)), 0) / la.length;
}

export const isReddish = (r: number, g: number, b: number): boolean => r > g + 50 && r > b + 60;
export const isSkyBlue = (r: number, g: number, b: number): boolean => b > r + 40 && b > 150;

/** The colour of a picture's pixel at fractions (x, y). */
export function colourAt(picture: Picture, x: number, y: number): [number, number, number] {
  const [px, py] = [Math.min(picture.width - 1, Math.floor(x * picture.width)), Math.min(picture.height - 1, Math.floor(y * picture.height))];
  return [channel(picture, px, py, 0), channel(picture, px, py, 1), channel(picture, px, py, 2)];
}

/** A material painted alone over a 1K wall at noon: its surface without windows or roofs. */
export function surfacePatch(material: Material, width = 1024, height = 768): Picture {
  const canvas = new Canvas(width, height);
  const scene = settle({ reading: readPrompt('a house at noon'), text: 'a house at noon', shot: shotFor(null, false, 0), designSeed: 1, look: null });
  const finish = FINISHES[material];
  const tone = lit(finish.color, scene);
  canvas.rect(0, 0, width, height, tone);
  drawSurface(canvas, { x: 0, y: 0, w: width, h: height }, finish, tone, scene, scene.random('surface'));
  return { pixels: canvas.pixels, width, height };
}
