/**
 * The workerd half of scripts/bench-print.mjs (docs/decisions/0089-print-resolution.md): windows
 * (wall clock) for the script to match against the workerd process's RSS it samples —
 * - 4K generations by the preview engine at 4096 × 4096, the largest raster it renders (the
 *   process's first, then another);
 * - a 4K generation by the Gemini engine against the fake, answering a photographic-like
 *   4800 × 3584 PNG made before the window (the fake's own copy of its answer is inside the window);
 * - a 4K upscale of a 2K preview image (the Images binding resamples it, outside workerd);
 * - a project's ZIP of 100 images of 1.5 MB each (25 generations of 4) read to its end, then one
 *   of 100 images of 3 MB: a streamed archive's memory does not grow with its size;
 * with each window's time and the ZIP's size. Prints one BENCH_JSON line; never asserted.
 */
import { env } from 'cloudflare:workers';
import { afterAll, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { encodePngInBands } from '../../../worker/media/png-bands';
import { toBase64 } from '../../../worker/platform/base64';
import { FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { setCredits, userWith } from '../studio/helpers';
import { source } from '../generation/edit-helpers';
import { useGemini } from '../generation/job-helpers';
import { insertProject } from '../review/review-helpers';

const results: Record<string, unknown> = {};
const PROMPT = 'A concrete chapel in a pine forest, eye level';
const ZIP_GENERATIONS = 25;
const ZIP_VIEWS = 4;
const ZIP_IMAGE_BYTES = 1.5 * 1024 * 1024;

async function windowOf<T>(work: () => Promise<T>): Promise<{ start: number; end: number; value: T }> {
  const start = Date.now();
  const value = await work();
  return { start, end: Date.now(), value };
}

async function generated(token: string, body: Record<string, unknown>): Promise<GenerateSuccessResponse> {
  const response = await call('/api/generate', { method: 'POST', token, body: { prompt: PROMPT, numberOfViews: 1, ...body } });
  if (response.status !== 200) throw new Error(`generate: ${response.status} ${await response.text()}`);
  return json<GenerateSuccessResponse>(response);
}

/** Smooth light across the frame with fine grain: compresses about as a photographic render does. */
async function photographicPng(width: number, height: number): Promise<string> {
  const pixels = new Uint8Array(width * height * 4);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const grain = (seed >>> 27) - 16;
      const i = (y * width + x) * 4;
      pixels[i] = Math.max(0, Math.min(255, 60 + (150 * x) / width + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, 90 + (100 * y) / height + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 140 + 40 * Math.sin(x / 90) + grain));
      pixels[i + 3] = 255;
    }
  }
  return toBase64(await encodePngInBands({ pixels, width, height }));
}

it('4K generations and a 4K upscale: memory windows', async () => {
  const user = await userWith({ plan: 'pro' });
  await setCredits(user.user.id, 1000);
  const first = await windowOf(() => generated(user.token, { model: 'fast', resolution: '4K', aspectRatio: '1:1' }));
  results['gen4k-first'] = { start: first.start, end: first.end, size: [first.value.images[0]?.width, first.value.images[0]?.height] };
  const again = await windowOf(() => generated(user.token, { model: 'fast', resolution: '4K', aspectRatio: '1:1', seed: 99 }));
  results['gen4k-preview'] = { start: again.start, end: again.end };

  const made = await source(user.token, { model: 'standard', resolution: '2K', aspectRatio: '1:1' });
  const upscale = await windowOf(async () => {
    const response = await call(`/api/generations/${made.id}/images/0/upscale`, { method: 'POST', token: user.token, body: {} });
    return json<GenerateSuccessResponse>(response);
  });
  results['upscale4k-preview'] = { start: upscale.start, end: upscale.end, size: [upscale.value.images[0]?.width, upscale.value.images[0]?.height] };

  const answer = await photographicPng(4800, 3584);
  results['gemini-answer-bytes'] = Math.round((answer.length * 3) / 4);
  const fake = new FakeGemini().install();
  const restore = useGemini(fake, () => ({ kind: 'png', data: answer }));
  try {
    const gemini = await windowOf(() => generated(user.token, { model: 'ultra', resolution: '4K', aspectRatio: '4:3' }));
    results['gen4k-gemini'] = { start: gemini.start, end: gemini.end };
  } finally {
    restore();
    fake.uninstall();
  }
}, 600_000);

/** A project of 100 images of `imageBytes` each (25 generations of 4), straight into D1 and R2. */
async function zipProject(imageBytes: number): Promise<{ token: string; projectId: string }> {
  const user = await userWith({ plan: 'pro' });
  const projectId = await insertProject(user.user.id, `Bench project ${imageBytes}`);
  const body = new Uint8Array(imageBytes);
  for (let offset = 0; offset < body.length; offset += 65_536) crypto.getRandomValues(body.subarray(offset, offset + 65_536));
  const statements: D1PreparedStatement[] = [];
  for (let g = 0; g < ZIP_GENERATIONS; g += 1) {
    const id = crypto.randomUUID();
    const images = Array.from({ length: ZIP_VIEWS }, (_, index) => ({ key: `generations/${user.user.id}/${id}/${index}.jpg`, bytes: body.length }));
    for (const image of images) await env.MEDIA.put(image.key, body);
    statements.push(
      env.DB.prepare(
        `insert into generations (id, user_id, prompt, engine, images, image_count, shuffle_key, project_id, created_at)
         values (?, ?, ?, 'preview', ?, ?, ?, ?, ?)`,
      ).bind(id, user.user.id, `${PROMPT} ${g}`, JSON.stringify(images), ZIP_VIEWS, g, projectId, Date.now() + g),
    );
  }
  await env.DB.batch(statements);
  return { token: user.token, projectId };
}

/** The project's ZIP read to its end, a chunk at a time, nothing kept. */
async function readZip(project: { token: string; projectId: string }) {
  return windowOf(async () => {
    const response = await call(`/api/projects/${project.projectId}/download`, { token: project.token });
    if (!response.body) throw new Error(`zip: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
    return { bytes, declared: Number(response.headers.get('X-Archive-Bytes')) };
  });
}

it('a ZIP of 100 images, and of the same number twice as large: time, size and memory windows', async () => {
  for (const [name, imageBytes] of [
    ['zip100', ZIP_IMAGE_BYTES],
    ['zip100-double', ZIP_IMAGE_BYTES * 2],
  ] as const) {
    const zip = await readZip(await zipProject(imageBytes));
    results[name] = { start: zip.start, end: zip.end, bytes: zip.value.bytes, declared: zip.value.declared, images: ZIP_GENERATIONS * ZIP_VIEWS };
  }
}, 900_000);

afterAll(() => {
  console.log(`BENCH_JSON ${JSON.stringify(results)}`);
});
