/**
 * A Canny-like edge detector over a contrast-normalised grey image (docs/decisions/0086): a
 * binomial blur (σ ≈ 1), Sobel gradients, non-maximum suppression across the gradient, and
 * hysteresis between two thresholds; then the edges that form lines of at least a given length.
 * Masks are one byte a pixel, 1 on an edge.
 */
import type { Grey } from './raster';

/**
 * Thresholds on the gradient magnitude, in units where a sharp black-to-white step reads 1 before
 * the blur (Sobel / 4). After the blur a sharp step reads about 0.62 and a one-pixel black line
 * about 0.31, so a faint but real line passes `high`; JPEG noise and paper grain stay under `low`.
 */
const EDGE_THRESHOLDS = { high: 0.14, low: 0.06 } as const;

/** Separable [1 4 6 4 1] / 16 blur, edges clamped. */
function blur(image: Grey): Grey {
  const { width, height, data } = image;
  const across = new Float32Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    const last = row + width - 1;
    const clamped = (x: number) => {
      const i = row + x;
      return ((data[Math.max(row, i - 2)] ?? 0) + 4 * (data[Math.max(row, i - 1)] ?? 0) + 6 * (data[i] ?? 0) + 4 * (data[Math.min(last, i + 1)] ?? 0) + (data[Math.min(last, i + 2)] ?? 0)) / 16;
    };
    for (let x = 0; x < Math.min(2, width); x += 1) across[row + x] = clamped(x);
    for (let i = row + 2; i < last - 1; i += 1) {
      across[i] = ((data[i - 2] ?? 0) + 4 * (data[i - 1] ?? 0) + 6 * (data[i] ?? 0) + 4 * (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 16;
    }
    for (let x = Math.max(2, width - 2); x < width; x += 1) across[row + x] = clamped(x);
  }
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const r0 = Math.max(0, y - 2) * width;
    const r1 = Math.max(0, y - 1) * width;
    const r2 = y * width;
    const r3 = Math.min(height - 1, y + 1) * width;
    const r4 = Math.min(height - 1, y + 2) * width;
    for (let x = 0; x < width; x += 1) {
      out[r2 + x] = ((across[r0 + x] ?? 0) + 4 * (across[r1 + x] ?? 0) + 6 * (across[r2 + x] ?? 0) + 4 * (across[r3 + x] ?? 0) + (across[r4 + x] ?? 0)) / 16;
    }
  }
  return { data: out, width, height };
}

/**
 * Squared gradient magnitude ((Sobel / 4)², squared so no pixel pays for a root) and its
 * direction, quantised to 0°, 45°, 90°, 135° (0–3).
 */
function gradients(image: Grey): { magnitude: Float32Array; direction: Uint8Array } {
  const { width, height, data } = image;
  const magnitude = new Float32Array(data.length);
  const direction = new Uint8Array(data.length);
  // tan²(22.5°): the boundary between a horizontal (or vertical) and a diagonal direction.
  const tan22Squared = 0.171572875;
  const floor = EDGE_THRESHOLDS.low * EDGE_THRESHOLDS.low;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const a = data[i - width - 1] ?? 0;
      const b = data[i - width] ?? 0;
      const c = data[i - width + 1] ?? 0;
      const d = data[i - 1] ?? 0;
      const f = data[i + 1] ?? 0;
      const g = data[i + width - 1] ?? 0;
      const h = data[i + width] ?? 0;
      const k = data[i + width + 1] ?? 0;
      const gx = (c + 2 * f + k - a - 2 * d - g) / 4;
      const gy = (g + 2 * h + k - a - 2 * b - c) / 4;
      const gx2 = gx * gx;
      const gy2 = gy * gy;
      const m = gx2 + gy2;
      magnitude[i] = m;
      if (m < floor) continue;
      direction[i] = gy2 <= gx2 * tan22Squared ? 0 : gx2 <= gy2 * tan22Squared ? 2 : gx * gy > 0 ? 1 : 3;
    }
  }
  return { magnitude, direction };
}

/** Keeps a pixel only where its magnitude peaks across the edge (ties go to one side, so lines stay one pixel thin). */
function suppressNonMaxima(magnitude: Float32Array, direction: Uint8Array, width: number, height: number): Float32Array {
  const out = new Float32Array(magnitude.length);
  // Neighbour offsets along the gradient for each quantised direction.
  const steps = [1, width + 1, width, width - 1];
  const floor = EDGE_THRESHOLDS.low * EDGE_THRESHOLDS.low;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const m = magnitude[i] ?? 0;
      if (m < floor) continue;
      const step = steps[direction[i] ?? 0] ?? 1;
      if (m > (magnitude[i - step] ?? 0) && m >= (magnitude[i + step] ?? 0)) out[i] = m;
    }
  }
  return out;
}

/** Edges of `image`: thin, and connected to at least one strong pixel through weak ones (hysteresis). */
export function detectEdges(image: Grey): Uint8Array {
  const { width, height } = image;
  const { magnitude, direction } = gradients(blur(image));
  const thin = suppressNonMaxima(magnitude, direction, width, height);
  const edges = new Uint8Array(thin.length);
  const stack = new Int32Array(thin.length);
  let top = 0;
  const high = EDGE_THRESHOLDS.high * EDGE_THRESHOLDS.high;
  const low = EDGE_THRESHOLDS.low * EDGE_THRESHOLDS.low;
  for (let i = 0; i < thin.length; i += 1) {
    if ((thin[i] ?? 0) >= high) {
      edges[i] = 1;
      stack[top++] = i;
    }
  }
  while (top > 0) {
    const i = stack[--top] ?? 0;
    const x = i % width;
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const nx = x + dx;
        const j = i + dy * width + dx;
        if (nx < 0 || nx >= width || j < 0 || j >= thin.length || edges[j] === 1) continue;
        if ((thin[j] ?? 0) >= low) {
          edges[j] = 1;
          stack[top++] = j;
        }
      }
    }
  }
  return edges;
}

/**
 * The edge pixels that belong to lines at least `minLength` pixels long. A line's length is its
 * span: the diagonal of its 8-connected chain's bounding box. So a stroke counts by its own length
 * although its two edges join at its ends into one chain twice as long, and a window's outline
 * counts when the window is about 30 px across.
 */
export function longLines(edges: Uint8Array, width: number, minLength: number): Uint8Array {
  const lines = new Uint8Array(edges.length);
  const seen = new Uint8Array(edges.length);
  const members = new Int32Array(edges.length);
  const minSquared = minLength * minLength;
  for (let start = 0; start < edges.length; start += 1) {
    if (edges[start] !== 1 || seen[start] === 1) continue;
    // Flood the component; `members` holds it, and doubles as the queue.
    let head = 0;
    let tail = 0;
    members[tail++] = start;
    seen[start] = 1;
    let left = start % width;
    let right = left;
    const top = Math.floor(start / width);
    let bottom = top;
    while (head < tail) {
      const i = members[head++] ?? 0;
      const x = i % width;
      const y = (i - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y > bottom) bottom = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const j = i + dy * width + dx;
          if (nx < 0 || nx >= width || j < 0 || j >= edges.length || edges[j] !== 1 || seen[j] === 1) continue;
          seen[j] = 1;
          members[tail++] = j;
        }
      }
    }
    // The scan meets a component first at its top row, so `top` needs no update.
    const spanX = right - left + 1;
    const spanY = bottom - top + 1;
    if (spanX * spanX + spanY * spanY >= minSquared) for (let k = 0; k < tail; k += 1) lines[members[k] ?? 0] = 1;
  }
  return lines;
}
