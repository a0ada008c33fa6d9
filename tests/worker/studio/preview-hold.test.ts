/** The preview engine's test-only hold: only marked prompts, only when switched on, released by a local-only route. */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOW_PREVIEW_MARKER } from '#shared/limits';
import { app } from '../../../worker/app';
import { heldPreview, PREVIEW_HOLD_LIMIT_MS, previewHoldsOn, releasePreviewViews } from '../../../worker/studio/engines/preview-hold';
import type { ImageEngine, ViewRequest } from '../../../worker/studio/engines/types';

const engine: ImageEngine = {
  name: 'preview',
  parallelViews: false,
  generateView: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
  editRegion: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
  upscale: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'stub' }),
};
const request = (prompt: string): ViewRequest => ({ prompt, model: 'standard', aspectRatio: '1:1', resolution: '1K', seed: 1, images: [], history: [] });

/** A view in flight, and whether it has come back yet. */
function start(held: ImageEngine, prompt: string): { done: () => boolean } {
  let done = false;
  void held.generateView(request(prompt)).then(() => (done = true));
  return { done: () => done };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the preview hold', () => {
  it('is on only for "on"', () => {
    expect(previewHoldsOn('on')).toBe(true);
    for (const value of ['', undefined, 'true', '1', 'ON']) expect(previewHoldsOn(value)).toBe(false);
  });

  it('holds a marked prompt’s views until released, oldest first; other prompts never wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const held = heldPreview(engine);
    const prompt = `A house ${crypto.randomUUID()} ${SLOW_PREVIEW_MARKER}`;
    const [first, second] = [start(held, prompt), start(held, prompt)];
    const plain = start(held, 'A house');
    await vi.advanceTimersByTimeAsync(10_000);
    expect([first.done(), second.done(), plain.done()]).toEqual([false, false, true]);

    expect(releasePreviewViews(prompt, 1)).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect([first.done(), second.done()]).toEqual([true, false]);
    releasePreviewViews(prompt, 1);
    await vi.advanceTimersByTimeAsync(100);
    expect(second.done()).toBe(true);
  });

  it('lets a forgotten view render after the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const view = start(heldPreview(engine), `A house ${crypto.randomUUID()} ${SLOW_PREVIEW_MARKER}`);
    await vi.advanceTimersByTimeAsync(PREVIEW_HOLD_LIMIT_MS - 100);
    expect(view.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(view.done()).toBe(true);
  });
});

describe('POST /api/test/preview-holds/release', () => {
  const release = (origin: string, holds: string) =>
    app.request(
      `${origin}/api/test/preview-holds/release`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt: `A house ${crypto.randomUUID()}`, views: 2 }) },
      { ...env, PREVIEW_HOLDS: holds },
    );

  it('releases views on a local host with the hold on', async () => {
    const response = await release('http://localhost:8787', 'on');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ released: 2 });
  });

  it('does not exist on a deployment, nor locally with the hold off', async () => {
    for (const [origin, holds] of [['https://parti.example.com', 'on'], ['http://localhost:8787', '']] as const) {
      const response = await release(origin, holds);
      expect(response.status).toBe(404);
      expect((await response.json<{ error: { code: string } }>()).error.code).toBe('not_found');
    }
  });
});
