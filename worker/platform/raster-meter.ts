/**
 * The seam every whole raster of an image passes in the Worker's memory: an engine's render, a
 * decode of encoded bytes, a copy of pixels into photon's wasm memory. A 4K RGBA raster is 64 MB,
 * half an isolate's 128 MB, so the 4K path may hold at most one (docs/decisions/0089-print-resolution.md);
 * each site tells this meter, and a test listens to count them. Nothing listens in production:
 * telling costs a loop over an empty set.
 */

export type RasterKind = 'render' | 'decode' | 'copy';

export interface RasterEvent {
  kind: RasterKind;
  width: number;
  height: number;
  /** Which step made it, for a failing test's message. */
  site: string;
}

const listeners = new Set<(event: RasterEvent) => void>();

/** Called by every step that holds an image's whole raster. */
export function noteRaster(kind: RasterKind, width: number, height: number, site: string): void {
  for (const listener of listeners) listener({ kind, width, height, site });
}

/** Starts listening; the returned function stops. */
export function listenToRasters(listener: (event: RasterEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
