/** Helpers for region-edit tests: a source made through the API, masks as the app sends them, an edit run to its end. */
import { PhotonImage } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { VersionedItem } from '#shared/generations-types';
import type { JobSnapshot } from '#shared/job-types';
import { isJobEnded } from '#shared/job-types';
import { call, json } from '../helpers';
import { generate } from '../studio/helpers';
import { maskWhere } from '../studio/region-edit/fixtures';
import { rgbaWord } from '../../../worker/studio/engines/canvas';

/** A generation of the user's own, made by the preview engine: its id and its first image's size. */
export async function source(token: string, body: Record<string, unknown> = {}): Promise<{ id: string; width: number; height: number }> {
  const response = await generate(token, { prompt: 'A brick library around a courtyard, eye level', model: 'fast', numberOfViews: 1, seed: 21, ...body });
  expect(response.status).toBe(200);
  const made = await json<GenerateSuccessResponse>(response);
  const [image] = made.images;
  return { id: made.generationId, width: image!.width, height: image!.height };
}

/**
 * A mask PNG as the app sends it (white on black), base64: `inside` marks where to edit, as a test
 * of each pixel or as a mask already made (maskWhere, one byte a pixel, 1 inside).
 */
export function maskBase64(width: number, height: number, inside: ((x: number, y: number) => boolean) | Uint8Array, options: { transparent?: boolean } = {}): string {
  const bits = inside instanceof Uint8Array ? inside : maskWhere(width, height, inside);
  const pixels = new Uint8Array(width * height * 4);
  const words = new Uint32Array(pixels.buffer);
  const on = rgbaWord([255, 255, 255]);
  const off = options.transparent ? 0 : rgbaWord([0, 0, 0]);
  for (let p = 0; p < bits.length; p += 1) words[p] = bits[p] === 1 ? on : off;
  const image = new PhotonImage(pixels, width, height);
  const png = image.get_bytes();
  image.free();
  let binary = '';
  for (let i = 0; i < png.length; i += 0x8000) binary += String.fromCharCode(...png.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function postEdit(token: string, id: string, index: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return call(`/api/generations/${id}/images/${index}/edits`, { method: 'POST', token, body, headers: { Prefer: 'respond-async', ...headers } });
}

/** Waits for the job to end; returns its last snapshot. */
export async function ended(token: string, jobId: string): Promise<JobSnapshot> {
  let last: JobSnapshot | undefined;
  await vi.waitFor(
    async () => {
      last = await json<JobSnapshot>(await call(`/api/jobs/${jobId}`, { token }));
      expect(isJobEnded(last.status)).toBe(true);
    },
    { timeout: 60_000, interval: 200 },
  );
  return last!;
}

export async function generation(token: string, id: string): Promise<VersionedItem> {
  const response = await call(`/api/generations/${id}`, { token });
  expect(response.status).toBe(200);
  return json<VersionedItem>(response);
}

/** The pixels of an R2 object, decoded. */
export async function storedPixels(key: string): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`${key} is missing`);
  const image = PhotonImage.new_from_byteslice(new Uint8Array(await object.arrayBuffer()));
  const decoded = { pixels: image.get_raw_pixels(), width: image.get_width(), height: image.get_height() };
  image.free();
  return decoded;
}

/** The generation's stored images, straight from its row. */
export async function storedImages(id: string): Promise<{ key: string; thumbKey: string; masterKey?: string; width: number; height: number }[]> {
  const row = await env.DB.prepare('select images from generations where id = ?').bind(id).first<{ images: string }>();
  return row ? (JSON.parse(row.images) as { key: string; thumbKey: string; masterKey?: string; width: number; height: number }[]) : [];
}

/** Every R2 key under a prefix. */
export async function keysUnderPrefix(prefix: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix })).objects.map((object) => object.key);
}
