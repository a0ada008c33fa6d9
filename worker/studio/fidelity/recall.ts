/**
 * Structural recall (docs/decisions/0086-geometry-fidelity.md): the share
 * of an input's line pixels that have an edge of the render within MATCH_RADIUS_PX, both at the
 * render's working size; and the fidelity map that shows which lines were kept, which lost, and
 * which lines the render added. Pure functions over typed arrays.
 */
import { FIDELITY_MAP_COLORS } from '#shared/drawing-inputs';
import { detectEdges, longLines } from './edges';
import { encodeIndexedPng, type PaletteEntry } from './png';
import { fitInto, greyFromRgba, normaliseContrast, resample, workingSize, type Grey, type Rgba } from './raster';

/** A line counts from this many pixels at the working size (1K long side). */
const MIN_LINE_PX = 40;
/** An input line pixel is kept when a render edge lies within this distance. */
const MATCH_RADIUS_PX = 3;

/** What each pixel of the map shows. */
export const MAP_CLASS = { none: 0, kept: 1, lost: 2, added: 3 } as const;

/** The input's lines, placed in a render's working frame: computed once, compared with every render of that frame. */
export interface InputLines {
  width: number;
  height: number;
  lines: Uint8Array;
  count: number;
}

export interface FidelityMeasure {
  /** Structural recall, 0–1; null when the input has no line to keep. */
  score: number | null;
  /** Line pixels of the input, and how many of them the render kept. */
  linePixels: number;
  keptPixels: number;
  /** Pixels of render lines with no input line within MATCH_RADIUS_PX. */
  addedPixels: number;
  width: number;
  height: number;
  /** One MAP_CLASS a pixel, at the working size. */
  classes: Uint8Array;
}

/** Offsets within a disc of `radius` pixels, as (dx, dy) pairs. */
function discOffsets(radius: number): Int32Array {
  const offsets: number[] = [];
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) if (dx * dx + dy * dy <= radius * radius) offsets.push(dx, dy);
  }
  return Int32Array.from(offsets);
}

const DISC = discOffsets(MATCH_RADIUS_PX);

/** Whether `mask` has a pixel within MATCH_RADIUS_PX of (x, y). */
function near(mask: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  for (let k = 0; k < DISC.length; k += 2) {
    const nx = x + (DISC[k] ?? 0);
    const ny = y + (DISC[k + 1] ?? 0);
    if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx] === 1) return true;
  }
  return false;
}

function lineMask(grey: Grey): Uint8Array {
  return longLines(detectEdges(normaliseContrast(grey)), grey.width, MIN_LINE_PX);
}

function count(mask: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < mask.length; i += 1) total += mask[i] ?? 0;
  return total;
}

/** The frame a render is measured in: its own proportions, 1K on the long side. */
export function measureFrame(render: { width: number; height: number }): { width: number; height: number } {
  return workingSize(render.width, render.height);
}

/** The input's lines in `frame`, the input scaled to fit it whole and centred on white. */
export function inputLines(input: Rgba, frame: { width: number; height: number }): InputLines {
  const { grey } = fitInto(greyFromRgba(input), frame);
  const lines = lineMask(grey);
  return { width: frame.width, height: frame.height, lines, count: count(lines) };
}

/** Compares a render with the input's lines (made for the render's measureFrame). */
export function measureRender(input: InputLines, render: Rgba): FidelityMeasure {
  const { width, height } = input;
  const grey = resample(greyFromRgba(render), width, height);
  const edges = detectEdges(normaliseContrast(grey));
  const renderLines = longLines(edges, width, MIN_LINE_PX);
  const classes = new Uint8Array(width * height);
  let keptPixels = 0;
  let addedPixels = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (input.lines[i] === 1) {
        const kept = near(edges, width, height, x, y);
        classes[i] = kept ? MAP_CLASS.kept : MAP_CLASS.lost;
        if (kept) keptPixels += 1;
      } else if (renderLines[i] === 1 && !near(input.lines, width, height, x, y)) {
        classes[i] = MAP_CLASS.added;
        addedPixels += 1;
      }
    }
  }
  const score = input.count === 0 ? null : keptPixels / input.count;
  return { score, linePixels: input.count, keptPixels, addedPixels, width, height, classes };
}

/** Structural recall of `render` against `input`, in one call. */
export function measureFidelity(input: Rgba, render: Rgba): FidelityMeasure {
  return measureRender(inputLines(input, measureFrame(render)), render);
}

/** The map's palette, indexed by MAP_CLASS: transparent, then kept, lost and added in their colours. */
const MAP_PALETTE: readonly PaletteEntry[] = [
  [0, 0, 0, 0],
  [...FIDELITY_MAP_COLORS.kept, 255],
  [...FIDELITY_MAP_COLORS.lost, 255],
  [...FIDELITY_MAP_COLORS.added, 255],
];

/**
 * The fidelity map as one MAP_CLASS a pixel at the working size (indices into MAP_PALETTE): kept,
 * lost and added line pixels, each drawn 3 px wide so it still shows on a phone, lost over kept
 * over added; none elsewhere.
 */
function fidelityMapIndices(measure: FidelityMeasure): Uint8Array {
  const { width, height, classes } = measure;
  const out = new Uint8Array(width * height);
  for (const kind of [MAP_CLASS.added, MAP_CLASS.kept, MAP_CLASS.lost]) {
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (classes[y * width + x] !== kind) continue;
        for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny += 1) {
          out.fill(kind, ny * width + Math.max(0, x - 1), ny * width + Math.min(width - 1, x + 1) + 1);
        }
      }
    }
  }
  return out;
}

/** The fidelity map as a PNG (shared/drawing-inputs.ts FIDELITY_MAP_COLORS), transparent where nothing is marked. */
export function fidelityMapPng(measure: FidelityMeasure): Promise<Uint8Array> {
  return encodeIndexedPng(fidelityMapIndices(measure), measure.width, measure.height, MAP_PALETTE);
}
