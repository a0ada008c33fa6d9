import { env, exports } from 'cloudflare:workers';
import { PhotonImage, resize, watermark, SamplingFilter } from '@cf-wasm/photon';
import { GoogleGenAI } from '@google/genai';
import { rgbaToThumbHash } from 'thumbhash';
import { expect, it, vi } from 'vitest';

it('loads', async () => {
  const raw = new Uint8Array(64 * 32 * 4).fill(200);
  const img = new PhotonImage(raw, 64, 32);
  const mark = new PhotonImage(new Uint8Array(8 * 8 * 4).fill(255).map((v, i) => (i % 4 === 3 ? 128 : 255)), 8, 8);
  const base = new PhotonImage(new Uint8Array(64 * 32 * 4).map((v, i) => (i % 4 === 3 ? 255 : 0)), 64, 32);
  watermark(base, mark, 10n, 10n);
  const px = base.get_raw_pixels();
  console.log('after watermark', px.slice((10 * 64 + 10) * 4, (10 * 64 + 10) * 4 + 4));
  const jpeg = img.get_bytes_jpeg(95);
  console.log('jpeg', jpeg.length, rgbaToThumbHash(64, 32, raw).length);
  const r = resize(img, 32, 16, SamplingFilter.Triangle);
  console.log(r.get_width());
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    console.log('fetch', req.url, await req.text());
    return new Response(JSON.stringify({ candidates: [{ content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }] } }] }), { headers: { 'content-type': 'application/json' } });
  });
  const ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: 'https://fake.gemini' } });
  const res = await ai.models.generateContent({ model: 'm', contents: 'hi', config: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '1:1', imageSize: '1K' }, seed: 3 } });
  console.log(JSON.stringify(res.candidates));
  spy.mockRestore();
  (env as unknown as Record<string, string>).GEMINI_API_KEY = 'xx';
  const h = await exports.default.fetch('https://x/api/health');
  console.log(await h.text());
  expect(1).toBe(1);
});
