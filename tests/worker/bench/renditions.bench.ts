/**
 * The rendition half of `npm run bench` (docs/decisions/0040-webp-rendition-ladder.md): for each
 * rung of the ladder of a 1K and a 2K image, the bytes and encode time of the chosen encoder
 * (Cloudflare's Images binding, WebP quality 80; offline it is miniflare's sharp, so its times here
 * are this machine's, not Cloudflare's) against photon inside workerd (its WebP is lossless only;
 * its JPEG at quality 80 for reference). Two images: the benchmark's synthetic scene and a preview
 * engine render. Prints one BENCH_JSON line; figures are printed, never asserted.
 */
import { PhotonImage, SamplingFilter, resize } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { afterAll, it } from 'vitest';
import { RENDITION_WEBP_QUALITY, renditionHeight, renditionWidths } from '#shared/renditions';
import { WATERMARK } from '../../../worker/platform/limits';
import { encodeWebp } from '../../../worker/media/renditions';
import { renderPreviewScene } from '../../../worker/studio/engines/preview';

const RUNS = 3;
const results: Record<string, unknown> = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

async function measure(work: () => Uint8Array | Promise<Uint8Array>): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    bytes = (await work()).length;
    times.push(performance.now() - start);
  }
  return { ms: median(times), bytes };
}

/** photon's path from the stored JPEG: decode, resize, encode (the Worker's CPU pays for all three). */
function photon(jpeg: Uint8Array, width: number, encode: (image: PhotonImage) => Uint8Array): Uint8Array {
  const image = PhotonImage.new_from_byteslice(jpeg);
  const small = resize(image, width, renditionHeight({ width: image.get_width(), height: image.get_height() }, width), SamplingFilter.Triangle);
  image.free();
  try {
    return encode(small);
  } finally {
    small.free();
  }
}

async function ladder(jpeg: Uint8Array, side: number): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  await encodeWebp(env.IMAGES, jpeg, 200); // warm-up
  for (const width of renditionWidths(side)) {
    rows.push({
      width,
      images: await measure(() => encodeWebp(env.IMAGES, jpeg, width)),
      photonWebp: await measure(() => photon(jpeg, width, (image) => image.get_bytes_webp())),
      photonJpeg: await measure(() => photon(jpeg, width, (image) => image.get_bytes_jpeg(RENDITION_WEBP_QUALITY))),
    });
  }
  return rows;
}

const inputs = JSON.parse((env as unknown as { BENCH_INPUTS: string }).BENCH_INPUTS) as Record<string, { jpeg: string }>;

it('rendition ladder per rung: Images binding WebP against photon', async () => {
  for (const [size, input] of Object.entries(inputs)) {
    const side = size === '2K' ? 2048 : 1024;
    results[`renditions-scene-${size}`] = await ladder(fromBase64(input.jpeg), side);
    const render = renderPreviewScene({ prompt: 'A timber pavilion by a lake at dusk', model: 'standard', aspectRatio: '1:1', resolution: size === '2K' ? '2K' : '1K', seed: 7, images: [], history: [] });
    const image = new PhotonImage(render.pixels, render.width, render.height);
    const jpeg = image.get_bytes_jpeg(WATERMARK.jpegQuality);
    image.free();
    results[`renditions-preview-${size}`] = await ladder(jpeg, render.width);
  }
});

afterAll(() => {
  console.log(`BENCH_JSON ${JSON.stringify(results)}`);
});
