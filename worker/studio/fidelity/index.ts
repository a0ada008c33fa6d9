/**
 * Geometry fidelity (docs/decisions/0086-geometry-fidelity.md): how much of an input drawing's
 * line work a render kept, and the map of what it kept, lost and added. A job builds one scorer
 * per view from its input and scores each render of that view (the first, and a re-render) with it.
 */
import { fromBase64 } from '../../platform/base64';
import type { InlineImage } from '../engines/types';
import { decodeRgba } from './codec';
import { fidelityMapPng, inputLines, measureFrame, measureRender, type InputLines } from './recall';
import type { Rgba } from './raster';

export interface ScoredRender {
  /** Structural recall, 0–1, to three decimals. */
  score: number;
  /** The fidelity map as PNG, at the working size (1K on the long side). */
  map: Uint8Array;
  linePixels: number;
  keptPixels: number;
  addedPixels: number;
}

export interface GeometryScorer {
  /**
   * Scores an encoded render; null when it does not decode, or when the input has no line of the
   * minimum span (nothing to keep: such a view carries no score).
   */
  score(render: Uint8Array): Promise<ScoredRender | null>;
}

/** A scorer for renders of `input`; null when the input does not decode. */
export function geometryScorer(input: InlineImage): GeometryScorer | null {
  return geometryScorerOf(fromBase64(input.data));
}

/** The same from encoded bytes (an upscale's source, worker/generation/upscale-fidelity.ts). */
export function geometryScorerOf(input: Uint8Array): GeometryScorer | null {
  const source = decodeRgba(input);
  if (!source) return null;
  return scorerOf(source);
}

/** The same over decoded pixels (the bench and the tests start from these). */
export function scorerOf(source: Rgba): GeometryScorer {
  // The input's lines depend only on the render's frame: computed once per frame size.
  const lines = new Map<string, InputLines>();
  return {
    async score(bytes) {
      const render = decodeRgba(bytes);
      if (!render) return null;
      const frame = measureFrame(render);
      const key = `${frame.width}x${frame.height}`;
      const known = lines.get(key) ?? inputLines(source, frame);
      lines.set(key, known);
      const measure = measureRender(known, render);
      if (measure.score === null) return null;
      return {
        score: Math.round(measure.score * 1000) / 1000,
        map: await fidelityMapPng(measure),
        linePixels: measure.linePixels,
        keptPixels: measure.keptPixels,
        addedPixels: measure.addedPixels,
      };
    },
  };
}
