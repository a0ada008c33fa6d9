/**
 * The workerd half of scripts/bench-edit.mjs: 2K region edits through the route and the Workflow.
 * - time: with the Gemini engine against the fake, the job's wall time from submit to its end,
 *   less the engine call (from the request reaching the fake to the fake's answer being ready):
 *   what Parti adds around the call, before it and after it;
 * - memory: windows (wall clock) of 2K edits with the preview engine — no fake working in the
 *   process — for the script to match against the workerd process's RSS it samples;
 * - the request an edit sends, in bytes, against a crop with the region tinted instead.
 * Prints one BENCH_JSON line; figures are printed, never asserted.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { afterAll, it } from 'vitest';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { FakeGemini } from '../../fakes/gemini';
import { json } from '../helpers';
import { setCredits, userWith } from '../studio/helpers';
import { ended, maskBase64, postEdit, source } from '../generation/edit-helpers';
import { imageCalls, useGemini } from '../generation/job-helpers';

const results: Record<string, unknown> = {};
const PROMPT = 'A concrete chapel in a pine forest, eye level';
const SMALL = (x: number, y: number) => (x - 1100) ** 2 / 180 ** 2 + (y - 1200) ** 2 / 140 ** 2 <= 1;
const LARGE = (x: number, y: number) => x > 200 && x < 1850 && y > 250 && y < 1800;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timedEdit(token: string, id: string, mask: string): Promise<{ start: number; end: number }> {
  const start = Date.now();
  const response = await postEdit(token, id, 0, { instruction: 'make this wall green timber', mask, model: 'standard' });
  const { jobId } = await json<GenerateAcceptedResponse>(response);
  const job = await ended(token, jobId);
  if (job.status !== 'done') throw new Error(`edit ${jobId} ${job.status}: ${job.failureReason}`);
  return { start, end: Date.now() };
}

it('2K edits: memory windows with the preview engine', async () => {
  const user = await userWith({ plan: 'pro' });
  await setCredits(user.user.id, 1000);
  const made = await source(user.token, { prompt: PROMPT, model: 'standard', resolution: '2K', aspectRatio: '1:1' });
  results['size'] = [made.width, made.height];
  const small = maskBase64(made.width, made.height, SMALL);
  const large = maskBase64(made.width, made.height, LARGE);
  // The process's first 2K edit: photon's wasm memory grows to its peak and keeps it.
  results['mem-first'] = await timedEdit(user.token, made.id, large);
  results['mem-small'] = await timedEdit(user.token, made.id, small);
  results['mem-large'] = await timedEdit(user.token, made.id, large);
}, 600_000);

it('2K edits: Parti’s time around the Gemini call', async () => {
  // The source is the preview engine's (a scene registration can lock onto); the edits go to Gemini.
  const user = await userWith({ plan: 'pro' });
  await setCredits(user.user.id, 1000);
  const made = await source(user.token, { prompt: PROMPT, model: 'standard', resolution: '2K', aspectRatio: '1:1' });
  const fake = new FakeGemini().install();
  const restore = useGemini(fake, () => ({ kind: 'edited' }));
  try {
    for (const [name, inside] of [['small', SMALL], ['large', LARGE]] as const) {
      const mask = maskBase64(made.width, made.height, inside);
      const runs: { total: number; engine: number; before: number; after: number }[] = [];
      for (let run = 0; run < 4; run += 1) {
        const { start, end } = await timedEdit(user.token, made.id, mask);
        const call = imageCalls(fake).at(-1);
        if (!call?.answeredAt) throw new Error('the fake answered nothing');
        runs.push({ total: end - start, engine: call.answeredAt - call.at, before: call.at - start, after: end - call.answeredAt });
      }
      // The first run warms the isolate; the median of the other three is reported.
      const kept = runs.slice(1);
      results[`time-${name}`] = {
        total: median(kept.map((r) => r.total)),
        engine: median(kept.map((r) => r.engine)),
        before: median(kept.map((r) => r.before)),
        after: median(kept.map((r) => r.after)),
      };
      const parts = imageCalls(fake).at(-1)?.body.contents[0]?.parts ?? [];
      const images = parts.flatMap((part) => ('inlineData' in part ? [part.inlineData.data] : []));
      const bytes = images.map((data) => Math.round((data.length * 3) / 4));
      results[`request-${name}`] = { cropJpegBytes: bytes[0], maskPngBytes: bytes[1], tintedCropJpegBytes: tintedSize(images) };
    }
  } finally {
    restore();
    fake.uninstall();
  }
}, 600_000);

/** The same crop with the region tinted magenta at 50 % (the other way to show a model a region), as JPEG. */
function tintedSize([crop, mask]: string[]): number {
  if (!crop || !mask) return Number.NaN;
  const image = PhotonImage.new_from_base64(crop);
  const marks = PhotonImage.new_from_base64(mask);
  const pixels = image.get_raw_pixels();
  const bits = marks.get_raw_pixels();
  for (let i = 0; i < pixels.length; i += 4) {
    if ((bits[i] ?? 0) < 128) continue;
    pixels[i] = ((pixels[i] ?? 0) + 255) / 2;
    pixels[i + 2] = ((pixels[i + 2] ?? 0) + 255) / 2;
  }
  const tinted = new PhotonImage(pixels, image.get_width(), image.get_height());
  const size = tinted.get_bytes_jpeg(92).length;
  for (const photon of [image, marks, tinted]) photon.free();
  return size;
}

afterAll(() => {
  console.log(`BENCH_JSON ${JSON.stringify(results)}`);
});
