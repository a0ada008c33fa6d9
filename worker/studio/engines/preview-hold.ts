/**
 * A test-only hold of the offline preview engine (docs/decisions/0053-slow-preview-knob.md): with
 * PREVIEW_HOLDS=on (wrangler.toml; only the browser tests' server sets it), a view of a prompt that
 * carries SLOW_PREVIEW_MARKER waits until the test releases it through the local-only route of
 * ./preview-hold-routes.ts, so a test can watch a job's views land one by one and reload in the
 * middle without waiting out a fixed delay. Other prompts, the Gemini engine and a deployment,
 * where the variable is empty, never wait.
 */
import { SLOW_PREVIEW_MARKER } from '#shared/limits';
import type { ImageEngine } from './types';

/** A forgotten hold must not keep a job running for ever: a held view renders after this anyway. */
export const PREVIEW_HOLD_LIMIT_MS = 60_000;
const POLL_MS = 50;

/**
 * Views per prompt: how many have begun waiting, and how many the test has released. Module
 * state, so one workerd process (`wrangler dev`) shares it between the route and the Workflow
 * that renders the views; the engine polls it rather than keep a promise across requests.
 */
const waiting = new Map<string, number>();
const released = new Map<string, number>();

export function previewHoldsOn(value: string | undefined): boolean {
  return value === 'on';
}

/** Lets `views` more views of `prompt` render (the oldest waiting first); answers the total released. */
export function releasePreviewViews(prompt: string, views: number): number {
  const total = (released.get(prompt) ?? 0) + views;
  released.set(prompt, total);
  return total;
}

/** `engine` with marked prompts' views held until released. */
export function heldPreview(engine: ImageEngine, options: { limitMs?: number } = {}): ImageEngine {
  const limitMs = options.limitMs ?? PREVIEW_HOLD_LIMIT_MS;
  return {
    name: engine.name,
    parallelViews: engine.parallelViews,
    async generateView(request) {
      if (request.prompt.includes(SLOW_PREVIEW_MARKER)) {
        const place = waiting.get(request.prompt) ?? 0;
        waiting.set(request.prompt, place + 1);
        const deadline = Date.now() + limitMs;
        while ((released.get(request.prompt) ?? 0) <= place && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      }
      return engine.generateView(request);
    },
    editRegion: (request) => engine.editRegion(request),
    upscale: (request) => engine.upscale(request),
  };
}
