import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeminiConfig } from '../../../../worker/studio/engines/config';
import type { GenerateContentResponse } from '@google/genai';
import { GeminiImageEngine, imageFromResponse } from '../../../../worker/studio/engines/gemini';
import { isRetryable } from '../../../../worker/studio/engines/retry';
import { decodeImage } from '../helpers';
import { GeminiTextEngine } from '../../../../worker/studio/engines/gemini-text';
import type { ViewRequest } from '../../../../worker/studio/engines/types';
import { promptWithInput } from '../../../../worker/studio/input-instructions';
import { validationMessages } from '#shared/messages';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../../fakes/gemini';

const config: GeminiConfig = {
  apiKey: 'fake-key',
  baseUrl: FAKE_GEMINI_BASE_URL,
  imageModels: { fast: 'fast-image-model', standard: 'standard-image-model', ultra: 'ultra-image-model', concept: 'concept-image-model' },
  textModel: 'text-model',
};

const view: ViewRequest = {
  prompt: 'A concrete chapel in a pine forest',
  model: 'standard',
  aspectRatio: '16:9',
  resolution: '2K',
  seed: 77,
  images: [],
  history: [],
};

let fake: FakeGemini;
beforeEach(() => {
  fake = new FakeGemini().install();
});
afterEach(() => {
  fake.uninstall();
  vi.useRealTimers();
});

/** Runs a view under fake timers, moving the clock until it settles. */
async function runWithFakeTimers<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  const started = Date.now();
  const promise = work();
  for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(500);
  const result = await promise;
  expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  return result;
}

describe('Gemini image engine through the real SDK', () => {
  it('sends one generateContent call with the tier\'s model, imageConfig and seed', async () => {
    const result = await new GeminiImageEngine(config).generateView(view);
    expect(result.ok).toBe(true);
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.model).toBe('standard-image-model');
    expect(call.body.generationConfig).toMatchObject({ responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '16:9', imageSize: '2K' }, seed: 77 });
    expect(call.body.contents).toEqual([{ role: 'user', parts: [{ text: view.prompt }] }]);
    if (result.ok && result.image.kind === 'encoded') {
      expect(result.image.mimeType).toBe('image/png');
      expect(result.image.bytes.slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    }
  });

  it('passes history and inline images for Concept, with the 8192 token cap', async () => {
    const image = { mimeType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    await new GeminiImageEngine(config).generateView({
      ...view,
      model: 'concept',
      images: [image],
      history: [{ role: 'user', parts: [{ text: 'a villa' }] }, { role: 'model', parts: [{ inlineData: image }] }],
    });
    const call = fake.calls[0]!;
    expect(call.model).toBe('concept-image-model');
    expect(call.body.generationConfig?.maxOutputTokens).toBe(8192);
    expect(call.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'a villa' }] },
      { role: 'model', parts: [{ inlineData: image }] },
      { role: 'user', parts: [{ text: view.prompt }, { inlineData: image }] },
    ]);
  });

  it('sends an input image with its type\'s instructions before the prompt, the input first among the images', async () => {
    const input = { mimeType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    const reference = { mimeType: 'image/jpeg' as const, data: '/9j/4AAQ' };
    await new GeminiImageEngine(config).generateView({ ...view, model: 'concept', images: [input, reference], input: { type: 'drawing', fidelity: 5 } });
    await new GeminiImageEngine(config).generateView({ ...view, model: 'concept', images: [input], input: { type: 'drawing', fidelity: 5, strengthened: true } });
    const [first, again] = fake.calls.map((call) => call.body.contents.at(-1)!);
    expect(first!.parts).toEqual([{ text: promptWithInput(view.prompt, { type: 'drawing', fidelity: 5 }) }, { inlineData: input }, { inlineData: reference }]);
    const text = (first!.parts[0] as { text: string }).text;
    expect(text).toMatch(/^The first attached image is the architect's plan or elevation drawing\./);
    expect(text).toContain('Follow every line exactly');
    expect(text.endsWith(view.prompt)).toBe(true);
    expect((again!.parts[0] as { text: string }).text).toContain('moved or lost some of its lines');
  });

  it('retries 429 and 5xx twice, waiting 1 s then 2 s', async () => {
    fake.replySequence([
      { kind: 'error', code: 429, status: 'RESOURCE_EXHAUSTED' },
      { kind: 'error', code: 503, status: 'UNAVAILABLE' },
      { kind: 'image' },
    ]);
    const result = await runWithFakeTimers(() => new GeminiImageEngine(config).generateView(view));
    expect(result.ok).toBe(true);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[1]!.at - fake.calls[0]!.at).toBe(1000);
    expect(fake.calls[2]!.at - fake.calls[1]!.at).toBe(2000);
  });

  it('retries network errors and gives up after 3 attempts', async () => {
    fake.replySequence([{ kind: 'network' }]);
    const result = await runWithFakeTimers(() => new GeminiImageEngine(config).generateView(view));
    expect(result.ok).toBe(false);
    expect(fake.calls).toHaveLength(3);
  });

  it('gives up after 3 attempts of 500', async () => {
    fake.replySequence([{ kind: 'error', code: 500, status: 'INTERNAL' }]);
    const result = await runWithFakeTimers(() => new GeminiImageEngine(config).generateView(view));
    expect(result).toMatchObject({ ok: false });
    expect(fake.calls).toHaveLength(3);
  });

  it('never retries a bad request or a refusal', async () => {
    for (const reply of [
      { kind: 'error', code: 400, status: 'INVALID_ARGUMENT' },
      { kind: 'error', code: 403, status: 'PERMISSION_DENIED' },
    ] as const) {
      fake.calls.length = 0;
      fake.replySequence([reply]);
      const result = await new GeminiImageEngine(config).generateView(view);
      expect(result.ok).toBe(false);
      expect(fake.calls).toHaveLength(1);
    }
  });

  it('counts a safety-blocked prompt and a candidate without an image as failed views, without retrying', async () => {
    fake.replySequence([{ kind: 'blocked', reason: 'SAFETY' }]);
    expect(await new GeminiImageEngine(config).generateView(view)).toEqual({ ok: false, reason: 'blocked', detail: 'blocked: SAFETY' });
    fake.replySequence([{ kind: 'noImage', finishReason: 'IMAGE_SAFETY' }]);
    expect(await new GeminiImageEngine(config).generateView(view)).toEqual({ ok: false, reason: 'blocked', detail: 'finishReason IMAGE_SAFETY' });
    for (const finishReason of ['STOP', 'NO_IMAGE']) {
      fake.replySequence([{ kind: 'noImage', finishReason }]);
      expect(await new GeminiImageEngine(config).generateView(view)).toEqual({
        ok: false, reason: 'no_image', detail: `no image (finishReason ${finishReason})`,
      });
    }
    expect(fake.calls).toHaveLength(4);
  });

  it('gives up on a call that hangs, retries it like a dropped connection, and fails the view as timed out', async () => {
    fake.replySequence([{ kind: 'hang' }]);
    const engine = new GeminiImageEngine({ ...config, timeouts: { image: { '2K': 40 } } }, async () => {});
    const result = await engine.generateView(view);
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(fake.calls).toHaveLength(3);
  });

  it('takes an answer that arrives after a hung attempt was abandoned', async () => {
    fake.replySequence([{ kind: 'hang' }, { kind: 'image' }]);
    const engine = new GeminiImageEngine({ ...config, timeouts: { image: { '2K': 40 } } }, async () => {});
    expect((await engine.generateView(view)).ok).toBe(true);
    expect(fake.calls).toHaveLength(2);
  });

  it('allows each image attempt a minute at 1K and two at 2K by default', async () => {
    vi.useFakeTimers();
    fake.replySequence([{ kind: 'hang' }]);
    const engine = new GeminiImageEngine(config, async () => {});
    const pending = engine.generateView({ ...view, resolution: '1K' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await pending).toMatchObject({ ok: false, reason: 'timeout' });
  });
});

describe('Gemini text engine', () => {
  it('classifies with JSON output at temperature 0.3 and 512 tokens', async () => {
    fake.replySequence([{ kind: 'text', text: JSON.stringify({ isValid: false, feedback: 'Not a building.', suggestions: ['a', 'b', 'c'], confidence: 'high' }) }]);
    const verdict = await new GeminiTextEngine(config).classify('a cat');
    expect(verdict).toEqual({ isValid: false, feedback: 'Not a building.', suggestions: ['a', 'b', 'c'], confidence: 'high' });
    const call = fake.calls[0]!;
    expect(call.model).toBe('text-model');
    expect(call.body.generationConfig).toMatchObject({ temperature: 0.3, maxOutputTokens: 512, responseMimeType: 'application/json' });
    expect(call.body.systemInstruction).toBeDefined();
  });

  it('answers the documents\' texts for an unparseable answer and a technical failure', async () => {
    fake.replySequence([{ kind: 'text', text: 'yes, looks fine' }]);
    expect(await new GeminiTextEngine(config).classify('a house')).toEqual({
      isValid: false, feedback: validationMessages.unparseable, suggestions: [], confidence: 'low',
    });
    fake.replySequence([{ kind: 'text', text: JSON.stringify({ feedback: 'missing isValid' }) }]);
    expect((await new GeminiTextEngine(config).classify('a house')).feedback).toBe(validationMessages.unparseable);
    fake.replySequence([{ kind: 'error', code: 400, status: 'INVALID_ARGUMENT' }]);
    expect(await new GeminiTextEngine(config).classify('a house')).toEqual({
      isValid: false, feedback: validationMessages.technicalFailure, suggestions: [], confidence: 'low',
    });
  });

  it('times a hung text call out: validation answers the technical-failure verdict, enhancement throws', async () => {
    fake.replySequence([{ kind: 'hang' }]);
    const engine = new GeminiTextEngine({ ...config, timeouts: { text: 30 } }, async () => {});
    expect((await engine.classify('a house')).feedback).toBe(validationMessages.technicalFailure);
    await expect(engine.enhance('a house')).rejects.toThrow(/no answer within 30 ms/);
    expect(fake.calls).toHaveLength(6);
  });

  it('enhances at temperature 0.7', async () => {
    fake.replySequence([{ kind: 'text', text: '  A richer   prompt.  ' }]);
    expect(await new GeminiTextEngine(config).enhance('a house')).toBe('A richer prompt.');
    expect(fake.calls[0]!.body.generationConfig).toMatchObject({ temperature: 0.7, maxOutputTokens: 512 });
  });
});

describe('Gemini 3 behaviours', () => {
  const noWait = async () => {};

  it('lets the text helpers think little, so a 512-token answer is not starved', async () => {
    fake.replySequence([{ kind: 'text', text: JSON.stringify({ isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' }) }]);
    await new GeminiTextEngine(config, noWait).classify('A timber pavilion');
    await new GeminiTextEngine(config, noWait).enhance('A timber pavilion');
    for (const call of fake.calls) {
      expect(call.body.generationConfig).toMatchObject({ maxOutputTokens: 512, thinkingConfig: { thinkingLevel: 'LOW' } });
    }
  });

  it('never takes an image part marked as a thought, and keeps the final part\'s signature', async () => {
    fake.replySequence([{ kind: 'image', width: 8, height: 8, thoughtFirst: { color: [255, 0, 0] }, color: [0, 0, 255], thoughtSignature: 'sig-1' }]);
    const result = await new GeminiImageEngine(config, noWait).generateView(view);
    expect(result.ok).toBe(true);
    if (!result.ok || result.image.kind !== 'encoded') throw new Error('expected an encoded image');
    expect(result.image.thoughtSignature).toBe('sig-1');
    const decoded = decodeImage(result.image.bytes);
    expect([decoded.pixels[0], decoded.pixels[2]]).toEqual([0, 255]);
  });

  it('fails a response whose only image is a thought as having no image', async () => {
    const onlyThought = imageFromResponse({
      candidates: [{ content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' }, thought: true }] } }],
    } as GenerateContentResponse);
    expect(onlyThought).toBeNull();
  });

  it('retries workerd\'s "Network connection lost." like a 503', async () => {
    expect(isRetryable(new Error('Network connection lost.'))).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 400 })).toBe(false);
    fake.replySequence([{ kind: 'connectionLost' }, { kind: 'image' }]);
    const result = await new GeminiImageEngine(config, noWait).generateView(view);
    expect(result.ok).toBe(true);
    expect(fake.calls).toHaveLength(2);
  });

  it('in single-attempt mode (the Workflow retries) marks only network, 429 and 5xx failures retryable', async () => {
    const single = new GeminiImageEngine(config, noWait, []);
    fake.replySequence([{ kind: 'error', code: 503, status: 'UNAVAILABLE' }]);
    expect(await single.generateView(view)).toMatchObject({ ok: false, reason: 'provider_error', retryable: true });
    fake.replySequence([{ kind: 'error', code: 400, status: 'INVALID_ARGUMENT' }]);
    expect(await single.generateView(view)).toMatchObject({ ok: false, retryable: false });
    fake.replySequence([{ kind: 'blocked', reason: 'SAFETY' }]);
    expect(await single.generateView(view)).toEqual({ ok: false, reason: 'blocked', detail: 'blocked: SAFETY' });
    expect(fake.calls).toHaveLength(3);
  });
});
