import { PhotonImage, SamplingFilter, resize } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { it } from 'vitest';

function sceneRgba(side: number): Uint8Array {
  const pixels = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y += 1) for (let x = 0; x < side; x += 1) {
    const i = (y * side + x) * 4;
    const sky = y < side * 0.6;
    const building = x > side * 0.25 && x < side * 0.7 && y > side * 0.3 && y < side * 0.72;
    const win = building && (x % 40 < 22) && (y % 48 < 26);
    const noise = ((x * 31 + y * 17) % 23) - 11;
    const [r, g, b] = win ? [150, 190, 215] : building ? [205, 200, 190] : sky ? [80 + y / 8, 140 + y / 12, 215] : [90, 125, 70];
    pixels[i] = r + noise; pixels[i + 1] = g + noise; pixels[i + 2] = b + noise; pixels[i + 3] = 255;
  }
  return pixels;
}
function t<T>(f: () => T): [T, number] { const s = performance.now(); const v = f(); return [v, performance.now() - s]; }
async function ta<T>(f: () => Promise<T>): Promise<[T, number]> { const s = performance.now(); const v = await f(); return [v, performance.now() - s]; }

it('exp', async () => {
  const out: string[] = [];
  const side = 2048;
  const img = new PhotonImage(sceneRgba(side), side, side);
  const jpeg = img.get_bytes_jpeg(95);
  out.push(`full jpeg ${jpeg.length}`);
  for (const w of [384, 768, 1536]) {
    for (let k = 0; k < 2; k++) {
      const [small, rt] = t(() => resize(img, w, w, SamplingFilter.Lanczos3));
      const [j, jt] = t(() => small.get_bytes_jpeg(80));
      const [wp, wt] = t(() => small.get_bytes_webp());
      small.free();
      const images = (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
      const stream = () => new Blob([jpeg]).stream();
      const [iw, it2] = await ta(async () => new Uint8Array(await (await images.input(stream()).transform({ width: w }).output({ format: 'image/webp', quality: 80 })).response().arrayBuffer()));
      const [ia, iat] = await ta(async () => new Uint8Array(await (await images.input(stream()).transform({ width: w }).output({ format: 'image/avif', quality: 60 })).response().arrayBuffer()));
      out.push(`${w}: resize ${rt.toFixed(0)}ms; photon jpeg80 ${j.length}B ${jt.toFixed(0)}ms; photon webp(lossless) ${wp.length}B ${wt.toFixed(0)}ms; IMAGES webp80 ${iw.length}B ${it2.toFixed(0)}ms; IMAGES avif ${ia.length}B ${iat.toFixed(0)}ms`);
    }
  }
  console.log(out.join('\n'));
}, 600000);
