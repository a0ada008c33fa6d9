/**
 * Greyscale rasters for the geometry fidelity metric (docs/decisions/0086-geometry-fidelity.md):
 * RGBA to grey, a separable tent-filter resampler, the "contain" placement of an input in a
 * render's frame, and contrast normalisation. Pure functions over typed arrays, no decoder.
 */
import { FIDELITY_MAP_LONG_SIDE } from '#shared/drawing-inputs';

/** A greyscale image, row-major, values 0–1 (0 black). */
export interface Grey {
  data: Float32Array;
  width: number;
  height: number;
}

/** Decoded pixels as photon and the engines hand them over: RGBA, 4 bytes a pixel. */
export interface Rgba {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The metric's working size: both images are compared with this long side (1K), the map's too. */
const WORKING_LONG_SIDE = FIDELITY_MAP_LONG_SIDE;

/** Luma (Rec. 601) of RGBA composited over white paper: a transparent sketch reads as its strokes. */
export function greyFromRgba(image: Rgba): Grey {
  const { pixels, width, height } = image;
  const data = new Float32Array(width * height);
  for (let p = 0, i = 0; p < data.length; p += 1, i += 4) {
    const alpha = (pixels[i + 3] ?? 255) / 255;
    const luma = (0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0)) / 255;
    data[p] = luma * alpha + (1 - alpha);
  }
  return { data, width, height };
}

/** The size with the same proportions and a long side of WORKING_LONG_SIDE. */
export function workingSize(width: number, height: number): { width: number; height: number } {
  const scale = WORKING_LONG_SIDE / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Where an image of `source` size sits inside `frame` when scaled to fit whole and centred ("contain"). */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function containPlacement(source: { width: number; height: number }, frame: { width: number; height: number }): Placement {
  const scale = Math.min(frame.width / source.width, frame.height / source.height);
  // Within a pixel of the frame is the frame: proportions that match but for rounding fill it.
  const fit = (side: number, limit: number) => (side >= limit - 1 ? limit : Math.max(1, side));
  const width = fit(Math.round(source.width * scale), frame.width);
  const height = fit(Math.round(source.height * scale), frame.height);
  return { x: Math.floor((frame.width - width) / 2), y: Math.floor((frame.height - height) / 2), width, height };
}

interface Taps {
  /** First source index of each output sample. */
  start: Int32Array;
  /** Number of taps of each output sample. */
  count: Int32Array;
  /** Weights, `maxTaps` per output sample, normalised to sum 1. */
  weights: Float32Array;
  maxTaps: number;
}

/**
 * The taps of a tent filter from `from` samples to `to`: linear interpolation when enlarging, a
 * tent as wide as the reduction when shrinking, so a 2K render averages into 1K without aliasing.
 */
function tentTaps(from: number, to: number): Taps {
  const scale = to / from;
  const support = scale < 1 ? 1 / scale : 1;
  const maxTaps = Math.ceil(support * 2) + 2;
  const start = new Int32Array(to);
  const count = new Int32Array(to);
  const weights = new Float32Array(to * maxTaps);
  for (let o = 0; o < to; o += 1) {
    const centre = (o + 0.5) / scale - 0.5;
    const first = Math.max(0, Math.ceil(centre - support));
    const last = Math.min(from - 1, Math.floor(centre + support));
    let total = 0;
    let n = 0;
    for (let s = first; s <= last && n < maxTaps; s += 1, n += 1) {
      const weight = Math.max(0, 1 - Math.abs(s - centre) / support);
      weights[o * maxTaps + n] = weight;
      total += weight;
    }
    if (total === 0) {
      // Past either edge: the nearest sample.
      start[o] = Math.min(from - 1, Math.max(0, Math.round(centre)));
      count[o] = 1;
      weights[o * maxTaps] = 1;
      continue;
    }
    for (let k = 0; k < n; k += 1) weights[o * maxTaps + k] = (weights[o * maxTaps + k] ?? 0) / total;
    start[o] = first;
    count[o] = n;
  }
  return { start, count, weights, maxTaps };
}

/** Resamples a grey image to `width`×`height` with a separable tent filter. */
export function resample(image: Grey, width: number, height: number): Grey {
  if (image.width === width && image.height === height) return image;
  const across = tentTaps(image.width, width);
  const down = tentTaps(image.height, height);
  const rows = new Float32Array(width * image.height);
  const source = image.data;
  for (let y = 0; y < image.height; y += 1) {
    const row = y * image.width;
    const target = y * width;
    for (let x = 0; x < width; x += 1) {
      const at = row + (across.start[x] ?? 0);
      const base = x * across.maxTaps;
      const n = across.count[x] ?? 0;
      let sum = 0;
      for (let k = 0; k < n; k += 1) sum += (source[at + k] ?? 0) * (across.weights[base + k] ?? 0);
      rows[target + x] = sum;
    }
  }
  // Down the columns a row at a time: each tap adds a whole row, reading memory in order.
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const first = down.start[y] ?? 0;
    const base = y * down.maxTaps;
    const n = down.count[y] ?? 0;
    const target = y * width;
    for (let k = 0; k < n; k += 1) {
      const weight = down.weights[base + k] ?? 0;
      const from = (first + k) * width;
      for (let x = 0; x < width; x += 1) data[target + x] = (data[target + x] ?? 0) + (rows[from + x] ?? 0) * weight;
    }
  }
  return { data, width, height };
}

/** `image` scaled to fit `frame` whole, centred, on a ground of `fill` (white paper by default). */
export function fitInto(image: Grey, frame: { width: number; height: number }, fill = 1): { grey: Grey; placement: Placement } {
  const placement = containPlacement(image, frame);
  const scaled = resample(image, placement.width, placement.height);
  if (placement.width === frame.width && placement.height === frame.height) return { grey: scaled, placement };
  const data = new Float32Array(frame.width * frame.height).fill(fill);
  for (let y = 0; y < placement.height; y += 1) {
    data.set(scaled.data.subarray(y * placement.width, (y + 1) * placement.width), (placement.y + y) * frame.width + placement.x);
  }
  return { grey: { data, width: frame.width, height: frame.height }, placement };
}

/** Percentiles that bound the stretch: a line drawing's ink is often under 1 % of its pixels. */
const STRETCH_LOW = 0.002;
const STRETCH_HIGH = 0.998;
/** A range narrower than this is a flat image: it has no structure to stretch. */
const FLAT_RANGE = 2 / 255;

/**
 * Stretches grey levels so the 0.2nd percentile becomes 0 and the 99.8th becomes 1 (clamped): a
 * faint pencil sketch, a recoloured copy and a dark render all reach full contrast, so one set of
 * edge thresholds serves them all. When the percentiles meet (the ink is rarer than 0.2 %), the
 * darkest and lightest pixels bound the stretch; a flat image becomes all zeros (it has no edges).
 */
export function normaliseContrast(image: Grey): Grey {
  const bins = 1024;
  const histogram = new Uint32Array(bins);
  const { data } = image;
  for (let i = 0; i < data.length; i += 1) {
    const bin = Math.min(bins - 1, Math.max(0, Math.floor((data[i] ?? 0) * bins)));
    histogram[bin] = (histogram[bin] ?? 0) + 1;
  }
  const level = (share: number) => {
    const target = share * data.length;
    let seen = 0;
    for (let bin = 0; bin < bins; bin += 1) {
      seen += histogram[bin] ?? 0;
      if (seen > target) return (bin + 0.5) / bins;
    }
    return 1;
  };
  let low = level(STRETCH_LOW);
  let high = level(STRETCH_HIGH);
  if (high - low < FLAT_RANGE) {
    // Fewer ink pixels than the percentile (a few lines on a large sheet): the extremes bound it.
    low = Infinity;
    high = -Infinity;
    for (let i = 0; i < data.length; i += 1) {
      low = Math.min(low, data[i] ?? 0);
      high = Math.max(high, data[i] ?? 0);
    }
  }
  const out = new Float32Array(data.length);
  if (!(high - low >= FLAT_RANGE)) return { data: out, width: image.width, height: image.height };
  const scale = 1 / (high - low);
  for (let i = 0; i < data.length; i += 1) out[i] = Math.min(1, Math.max(0, ((data[i] ?? 0) - low) * scale));
  return { data: out, width: image.width, height: image.height };
}
