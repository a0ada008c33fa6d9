/**
 * The preview engine given the architect's own sketch, model view or drawing
 * (docs/decisions/0086-geometry-fidelity.md): the scene is painted over the drawing's own
 * structure. Its tones become the render's light, regions its edges enclose become masses
 * (façade colour) or, when small, openings (glass), and what is open to the frame's border becomes
 * sky and ground from the prompt's scene. The Precise ↔ Creative step decides how faithfully: the
 * creative steps warp the drawing, change its proportions and drop lines before it is painted.
 * One view in four at the two precise steps drifts on its first attempt (previewDrifts), so the
 * score, the map and the free re-render can all be tried with no key.
 */
import { isScoredInput, type FidelityStep } from '#shared/drawing-inputs';
import { outputSize } from '#shared/models';
import { fromBase64 } from '../../platform/base64';
import { noteRaster } from '../../platform/raster-meter';
import { detectEdges } from '../fidelity/edges';
import { decodeRgba } from '../fidelity/codec';
import { fitInto, greyFromRgba, normaliseContrast, workingSize, type Grey } from '../fidelity/raster';
import type { ViewInput } from '../input-instructions';
import { mix, type Rgb } from './canvas';
import { hashText, lit, prng, type Random, type Scene } from './preview-scene';
import type { ViewRequest } from './types';

interface Drift {
  /** Largest displacement of the smooth warp, in pixels at 1K. */
  amplitude: number;
  /** Largest change of each proportion (0.05: up to 5 % wider or narrower). */
  proportion: number;
  /** Share of the drawing's lines wiped out, in round patches. */
  drops: number;
}

const DRIFT: Record<FidelityStep, Drift> = {
  1: { amplitude: 14, proportion: 0.08, drops: 0.2 },
  2: { amplitude: 9, proportion: 0.05, drops: 0.1 },
  3: { amplitude: 4, proportion: 0.02, drops: 0.04 },
  4: { amplitude: 1, proportion: 0, drops: 0 },
  5: { amplitude: 0, proportion: 0, drops: 0 },
};

/** One seed in this many drifts at the precise steps (first attempt only). */
const DRIFT_ONE_IN = 4;

/** Whether this view's first render drifts like step 2 although its step is 4 or 5. */
export function previewDrifts(seed: number, input: ViewInput): boolean {
  return !input.strengthened && input.fidelity >= 4 && hashText(`drift:${seed}`) % DRIFT_ONE_IN === 0;
}

function driftOf(seed: number, input: ViewInput): Drift {
  if (input.strengthened) return DRIFT[5];
  return previewDrifts(seed, input) ? DRIFT[2] : DRIFT[input.fidelity];
}

/** The drawing's tones warped as the step allows: a smooth wobble, new proportions, wiped patches. */
function distort(tone: Grey, drift: Drift, random: Random): Grey {
  if (drift.amplitude === 0 && drift.proportion === 0 && drift.drops === 0) return tone;
  const { width, height, data } = tone;
  const unit = Math.max(width, height) / 1024;
  const amplitude = drift.amplitude * unit;
  const scaleX = 1 + drift.proportion * (random() * 2 - 1);
  const scaleY = 1 + drift.proportion * (random() * 2 - 1);
  const waves = Array.from({ length: 4 }, () => ({ length: (250 + random() * 200) * unit, phase: random() * Math.PI * 2 }));
  const [w0, w1, w2, w3] = waves as [(typeof waves)[0], (typeof waves)[0], (typeof waves)[0], (typeof waves)[0]];
  const out = new Float32Array(data.length);
  const cx = width / 2;
  const cy = height / 2;
  // The wobble is a product of a row term and a column term: each computed once.
  const wave = (n: number, w: (typeof waves)[0], f: (v: number) => number) => Float32Array.from({ length: n }, (_, i) => f((2 * Math.PI * i) / w.length + w.phase));
  const rowX = wave(height, w0, Math.sin);
  const columnX = wave(width, w1, Math.cos);
  const columnY = wave(width, w2, Math.sin);
  const rowY = wave(height, w3, Math.cos);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = amplitude * (rowX[y] ?? 0) * (columnX[x] ?? 0);
      const dy = amplitude * (columnY[x] ?? 0) * (rowY[y] ?? 0);
      const sx = Math.round(cx + (x - cx) / scaleX + dx);
      const sy = Math.round(cy + (y - cy) / scaleY + dy);
      out[y * width + x] = sx < 0 || sy < 0 || sx >= width || sy >= height ? 1 : (data[sy * width + sx] ?? 1);
    }
  }
  // Wiped patches: the drawing's mean tone there, so its lines vanish and its shading flattens.
  const radius = Math.round(70 * unit);
  const patches = Math.round(drift.drops * 30);
  for (let p = 0; p < patches; p += 1) {
    const px = Math.floor(random() * width);
    const py = Math.floor(random() * height);
    let sum = 0;
    let count = 0;
    const each = (visit: (i: number) => void) => {
      for (let y = Math.max(0, py - radius); y < Math.min(height, py + radius); y += 1) {
        for (let x = Math.max(0, px - radius); x < Math.min(width, px + radius); x += 1) {
          if ((x - px) ** 2 + (y - py) ** 2 <= radius * radius) visit(y * width + x);
        }
      }
    };
    each((i) => {
      sum += out[i] ?? 1;
      count += 1;
    });
    const mean = count > 0 ? sum / count : 1;
    each((i) => (out[i] = mean));
  }
  return { data: out, width, height };
}

const REGION = { edge: 0, background: 1, mass: 2, opening: 3 } as const;

/** Regions the drawing's edges enclose: open to the border (background), large (mass) or small (opening). */
function regions(tone: Grey): Uint8Array {
  const { width, height } = tone;
  const edges = detectEdges(tone);
  // Edges thickened by 2 px close the small gaps of a hand-drawn outline.
  const wall = new Uint8Array(edges.length);
  for (let i = 0; i < edges.length; i += 1) {
    if (edges[i] !== 1) continue;
    const x = i % width;
    for (let dy = -2; dy <= 2; dy += 1) {
      for (let dx = -2; dx <= 2; dx += 1) {
        const nx = x + dx;
        const j = i + dy * width + dx;
        if (nx >= 0 && nx < width && j >= 0 && j < wall.length) wall[j] = 1;
      }
    }
  }
  const region = new Uint8Array(edges.length).fill(REGION.edge);
  const label = new Int32Array(edges.length).fill(-1);
  const queue = new Int32Array(edges.length);
  const flood = (start: number, id: number): number => {
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = id;
    const visit = (j: number) => {
      if (wall[j] === 1 || label[j] !== -1) return;
      label[j] = id;
      queue[tail++] = j;
    };
    while (head < tail) {
      const i = queue[head++] ?? 0;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < wall.length) visit(i + width);
    }
    return tail;
  };
  // Everything reachable from the border without crossing an edge is sky or ground.
  for (let x = 0; x < width; x += 1) {
    for (const i of [x, (height - 1) * width + x]) if (wall[i] !== 1 && label[i] === -1) flood(i, 0);
  }
  for (let y = 0; y < height; y += 1) {
    for (const i of [y * width, y * width + width - 1]) if (wall[i] !== 1 && label[i] === -1) flood(i, 0);
  }
  const small = edges.length * 0.015;
  for (let i = 0; i < label.length; i += 1) {
    if (wall[i] === 1) continue;
    if (label[i] === 0) {
      region[i] = REGION.background;
      continue;
    }
    if (label[i] !== -1) continue;
    const size = flood(i, i + 1);
    const kind = size < small ? REGION.opening : REGION.mass;
    for (let k = 0; k < size; k += 1) region[queue[k] ?? 0] = kind;
  }
  return region;
}

function paint(scene: Scene, tone: Grey, region: Uint8Array, size: { width: number; height: number }): Uint8Array {
  const { width, height } = size;
  // Sky down to the drawing's lowest built row, ground below it.
  let base = Math.round(tone.height * 0.75);
  for (let i = region.length - 1; i >= 0; i -= 1) {
    if (region[i] === REGION.mass || region[i] === REGION.opening) {
      base = Math.floor(i / tone.width) + 1;
      break;
    }
  }
  const horizon = (base / tone.height) * height;
  const finish = lit(scene.finish.color, scene);
  const glass: Rgb = mix(scene.sky.top, [28, 38, 52], 0.55);
  const columns = Int32Array.from({ length: width }, (_, x) => Math.min(tone.width - 1, Math.floor((x * tone.width) / width)));
  // Clamped: a lit finish may pass 255.
  const pixels = new Uint8ClampedArray(width * height * 4);
  noteRaster('render', width, height, 'preview engine over a drawing');
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(tone.height - 1, Math.floor((y * tone.height) / height)) * tone.width;
    const backdrop = y < horizon
      ? mix(scene.sky.top, scene.sky.horizon, Math.min(1, y / Math.max(1, horizon)))
      : mix(lit(scene.ground.far, scene), lit(scene.ground.near, scene), (y - horizon) / Math.max(1, height - horizon));
    const reflection = mix(glass, scene.sky.horizon, (0.3 * y) / height);
    for (let x = 0; x < width; x += 1) {
      const t = row + (columns[x] ?? 0);
      const level = tone.data[t] ?? 1;
      const kind = region[t];
      // Masses take the drawing's tone as light on the finish; openings reflect the sky.
      const color = kind === REGION.background ? backdrop : kind === REGION.opening ? reflection : finish;
      const light = kind === REGION.background ? 1 : kind === REGION.opening ? 0.55 + 0.45 * level : 0.3 + 0.7 * level;
      const i = (y * width + x) * 4;
      pixels[i] = color[0] * light;
      pixels[i + 1] = color[1] * light;
      pixels[i + 2] = color[2] * light;
      pixels[i + 3] = 255;
    }
  }
  return new Uint8Array(pixels.buffer);
}

/**
 * Renders a view over its input drawing; null when the request has no scored input or the input
 * does not decode (the engine then draws its own scene).
 */
export function renderOverDrawing(request: ViewRequest, sceneOf: (request: ViewRequest) => Scene): { pixels: Uint8Array; width: number; height: number } | null {
  const { input } = request;
  const source = request.images[0];
  if (!input || !source || !isScoredInput(input.type)) return null;
  const decoded = decodeRgba(fromBase64(source.data));
  if (!decoded) return null;
  const size = outputSize(request.aspectRatio, request.resolution);
  // The drawing is read at 1K, fitted whole into the frame as the metric places it.
  const { grey } = fitInto(greyFromRgba(decoded), workingSize(size.width, size.height));
  const random = prng(Math.imul(request.seed, 0x9e3779b1) ^ hashText(input.type));
  const tone = distort(normaliseContrast(grey), driftOf(request.seed, input), random);
  const scene = sceneOf(request);
  return { pixels: paint(scene, tone, regions(tone), size), ...size };
}
