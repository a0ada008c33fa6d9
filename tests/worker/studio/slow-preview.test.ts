/** The preview engine's test-only wait: only marked prompts, only when the knob is set. */
import { describe, expect, it } from 'vitest';
import { SLOW_PREVIEW_MARKER } from '#shared/limits';
import { previewDelayMs, slowedPreview } from '../../../worker/studio/engines/slow-preview';
import type { ImageEngine, ViewRequest } from '../../../worker/studio/engines/types';

const engine: ImageEngine = {
  name: 'preview',
  parallelViews: false,
  generateView: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
  editRegion: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
  upscale: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
};
const request = (prompt: string): ViewRequest => ({ prompt, model: 'standard', aspectRatio: '1:1', resolution: '1K', seed: 1, images: [], history: [] });

async function elapsed(run: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  await run();
  return Date.now() - start;
}

describe('the slow preview knob', () => {
  it('reads whole milliseconds up to a minute, anything else is off', () => {
    expect(previewDelayMs('1500')).toBe(1500);
    expect(previewDelayMs('')).toBe(0);
    expect(previewDelayMs(undefined)).toBe(0);
    expect(previewDelayMs('-5')).toBe(0);
    expect(previewDelayMs('1.5')).toBe(0);
    expect(previewDelayMs('999999')).toBe(60_000);
  });

  it('waits before a marked prompt only, and is the engine itself when off', async () => {
    const slowed = slowedPreview(engine, 200);
    expect(await elapsed(() => slowed.generateView(request(`A house ${SLOW_PREVIEW_MARKER}`)))).toBeGreaterThanOrEqual(190);
    expect(await elapsed(() => slowed.generateView(request('A house')))).toBeLessThan(150);
    expect(slowedPreview(engine, 0)).toBe(engine);
  });
});
