/**
 * A test-only knob of the offline preview engine: PREVIEW_VIEW_DELAY_MS (wrangler.toml) makes it
 * wait before each view of a prompt that carries SLOW_PREVIEW_MARKER, so a browser test can
 * watch a job's views land one by one and reload in the middle of it
 * (docs/decisions/0053-slow-preview-knob.md). Other prompts, and the Gemini engine, never wait.
 */
import { SLOW_PREVIEW_MARKER } from '#shared/limits';
import type { ImageEngine } from './types';

/** The knob's value in milliseconds: a whole number up to a minute, else 0 (off). */
export function previewDelayMs(value: string | undefined): number {
  const ms = Number(value ?? '');
  return Number.isInteger(ms) && ms > 0 ? Math.min(ms, 60_000) : 0;
}

/** `engine` with the wait before each marked view. */
export function slowedPreview(engine: ImageEngine, delayMs: number): ImageEngine {
  if (delayMs <= 0) return engine;
  return {
    name: engine.name,
    parallelViews: engine.parallelViews,
    async generateView(request) {
      if (request.prompt.includes(SLOW_PREVIEW_MARKER)) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return engine.generateView(request);
    },
    editRegion: (request) => engine.editRegion(request),
    upscale: (request) => engine.upscale(request),
  };
}
