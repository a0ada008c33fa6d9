/**
 * The workerd half of `npm run bench`: per-image cost of each post-processing step with photon,
 * and the whole /api/generate overhead for 4 views with an engine that answers at once (the
 * Gemini engine against the fake, which replies immediately). Prints one BENCH_JSON line that
 * scripts/bench.mjs reads; figures are printed, never asserted.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { afterAll, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { applyWatermark, conceptCrop, makePlaceholder, makeThumbnail } from '../../../worker/studio/image-processing';
import { THUMBNAIL_JPEG_QUALITY, WATERMARK } from '../../../worker/platform/limits';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { generate, setCredits, userWith } from '../studio/helpers';

type Steps = Record<'decode' | 'crop' | 'watermark' | 'encode' | 'thumbnail' | 'placeholder', number[]>;
const results: Record<string, unknown> = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function timed<T>(samples: number[], work: () => T): T {
  const start = performance.now();
  const value = work();
  samples.push(performance.now() - start);
  return value;
}

/** One pass of the pipeline with each step timed on its own. */
function pass(input: Uint8Array, steps: Steps): void {
  let image = timed(steps.decode, () => PhotonImage.new_from_byteslice(input));
  image = timed(steps.crop, () => conceptCrop(image, '16:9'));
  timed(steps.watermark, () => applyWatermark(image));
  timed(steps.encode, () => image.get_bytes_jpeg(WATERMARK.jpegQuality));
  const thumb = timed(steps.thumbnail, () => {
    const small = makeThumbnail(image);
    small.get_bytes_jpeg(THUMBNAIL_JPEG_QUALITY);
    return small;
  });
  timed(steps.placeholder, () => makePlaceholder(thumb));
  thumb.free();
  image.free();
}

const inputs = JSON.parse((env as unknown as { BENCH_INPUTS: string }).BENCH_INPUTS) as Record<string, { jpeg: string; iterations: number }>;

it('photon steps per image', () => {
  const empty = (): Steps => ({ decode: [], crop: [], watermark: [], encode: [], thumbnail: [], placeholder: [] });
  // Warm every size up first so the wasm tiers up before anything is measured.
  for (const input of Object.values(inputs)) for (let i = 0; i < 3; i += 1) pass(fromBase64(input.jpeg), empty());
  for (const [size, input] of Object.entries(inputs)) {
    const bytes = fromBase64(input.jpeg);
    const steps = empty();
    for (let i = 0; i < input.iterations; i += 1) pass(bytes, steps);
    results[`photon-${size}`] = Object.fromEntries(Object.entries(steps).map(([step, samples]) => [step, median(samples)]));
  }
});

async function timeRequests(token: string, body: Record<string, unknown>, runs: number): Promise<number> {
  await generate(token, body); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const response = await generate(token, body);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`generate answered ${response.status}`);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function timeGet(url: string): Promise<number> {
  const start = performance.now();
  const response = await call(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

/**
 * A 2K generation's 800 px rungs, each asked for twice: the first request encodes and stores it
 * (docs/decisions/0100-renditions-on-first-request.md), the second reads it back.
 */
async function timeFirstRungs(token: string, body: Record<string, unknown>): Promise<{ first: number; stored: number }> {
  const generated = await json<GenerateSuccessResponse>(await generate(token, body));
  const urls = generated.images.map((image) => image.renditions.find((rung) => rung.width === 800)?.url ?? '');
  const first: number[] = [];
  for (const url of urls) first.push(await timeGet(url));
  const stored: number[] = [];
  for (const url of urls) stored.push(await timeGet(url));
  return { first: median(first), stored: median(stored) };
}

it('/api/generate overhead, 4 views', async () => {
  const user = await userWith();
  await setCredits(user.user.id, 1000);
  const body = { prompt: 'A timber pavilion in a park', model: 'standard', numberOfViews: 4, aspectRatio: '1:1' };
  const vars = env as unknown as Record<string, string>;
  const fake = new FakeGemini().install();
  const verdict = JSON.stringify({ isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' });
  fake.reply((call) => (call.model === env.GEMINI_TEXT_MODEL ? { kind: 'text', text: verdict } : { kind: 'image' }));
  vars.GEMINI_API_KEY = 'bench-key';
  vars.GEMINI_BASE_URL = FAKE_GEMINI_BASE_URL;
  try {
    results['generate-instant-1K'] = await timeRequests(user.token, body, 5);
    results['generate-instant-2K'] = await timeRequests(user.token, { ...body, resolution: '2K' }, 3);
    const rungs = await timeFirstRungs(user.token, { ...body, resolution: '2K' });
    results['rung-first-request'] = rungs.first;
    results['rung-stored-request'] = rungs.stored;
  } finally {
    vars.GEMINI_API_KEY = '';
    vars.GEMINI_BASE_URL = '';
    fake.uninstall();
  }
  results['generate-preview-1K'] = await timeRequests(user.token, body, 5);
});

afterAll(() => {
  console.log(`BENCH_JSON ${JSON.stringify(results)}`);
});
