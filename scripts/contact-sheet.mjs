#!/usr/bin/env node
// `npm run preview:sheet`: renders a dozen varied prompts through the real offline preview engine
// (worker/studio/engines/preview.ts, loaded with Vite's module runner, no Worker needed) and
// writes one captioned grid to bench/results/contact-sheet.png, to look at what the engine draws.
// Prints the render time of each 1K view. Runs offline.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runnerImport } from 'vite';
import { root } from './lib.mjs';

const PROMPTS = [
  'A brick townhouse on a city street at noon',
  'A glass skyscraper downtown at night',
  'A timber cabin in a snowy alpine forest in winter',
  'A concrete museum pavilion by a lake at golden hour',
  'A stone chapel in the desert at dawn',
  'A steel footbridge over a river at blue hour',
  'A bright Scandinavian living room with oak floors and large windows',
  'A library reading room with shelves at dusk',
  'Aerial view of a terracotta school campus in a park in autumn',
  "Worm's-eye view of a marble tower",
  'Axonometric of a white house with a garden',
  'A treehouse for a cat in a spring forest during the monsoon',
];
const REFERENCE = 'A house by the sea, with this reference';
const CELL = { width: 512, height: 384 };
const CAPTION = 44;
const COLUMNS = 4;

function escapeXml(text) {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
}

async function caption(text, width) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTION}">
    <rect width="100%" height="100%" fill="#111"/>
    <text x="8" y="28" font-family="sans-serif" font-size="15" fill="#eee">${escapeXml(text.length > 62 ? `${text.slice(0, 60)}…` : text)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A warm sunset-coloured reference image: orange sky over a dark purple ground. */
async function referenceImage() {
  const { width, height } = { width: 96, height: 64 };
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const [r, g, b] = y < height * 0.45 ? [240, 130, 60] : [70, 40, 90];
      raw.set([r, g, b, 255], i);
    }
  }
  const png = await sharp(raw, { raw: { width, height, channels: 4 } }).png().toBuffer();
  return { mimeType: 'image/png', data: png.toString('base64') };
}

const { module } = await runnerImport(path.join(root, 'worker/studio/engines/preview.ts'));
const { previewEngine } = module;
const reference = await referenceImage();
// `npm run preview:sheet -- --presets`: one tile per setting, time, season and camera preset of the studio.
const presetsOnly = process.argv.includes('--presets');
const { module: presets } = presetsOnly ? await runnerImport(path.join(root, 'shared/presets.ts')) : { module: null };
const presetRequests = presetsOnly
  ? presets.PRESET_GROUPS.filter((group) => group.id !== 'materials').flatMap((group) =>
      group.options.map((option) => ({ prompt: `A brick house with a garden, ${option.words}`, images: [], caption: `${group.label}: ${option.label}` })),
    )
  : [];
const requests = presetsOnly ? presetRequests : [
  ...PROMPTS.map((prompt) => ({ prompt, images: [] })),
  { prompt: REFERENCE, images: [reference] },
  // A refinement: the first prompt's scene, with the change the new text asks for.
  {
    prompt: 'Make it night with snow',
    images: [],
    seed: 7,
    history: [{ role: 'user', parts: [{ text: PROMPTS[0] }] }],
    caption: `Refine "${PROMPTS[0]}": make it night with snow`,
  },
];
const tiles = [];
const times = [];
for (const [index, entry] of requests.entries()) {
  const { caption: label, ...fields } = entry;
  const request = { model: 'fast', aspectRatio: '4:3', resolution: '1K', seed: 7 + index, history: [], ...fields };
  const started = performance.now();
  const result = await previewEngine.generateView(request);
  const ms = performance.now() - started;
  times.push(ms);
  if (!result.ok || result.image.kind !== 'rgba') throw new Error(`preview failed for ${entry.prompt}`);
  const { pixels, width, height } = result.image;
  const image = await sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } }).resize(CELL.width, CELL.height).png().toBuffer();
  tiles.push({ image, caption: await caption(label ?? (entry.images.length ? `${entry.prompt} (orange/purple ref.)` : entry.prompt), CELL.width) });
  console.log(`${ms.toFixed(1).padStart(7)} ms  ${label ?? entry.prompt}`);
}
const rows = Math.ceil(tiles.length / COLUMNS);
const composites = tiles.flatMap((tile, i) => {
  const left = (i % COLUMNS) * CELL.width;
  const top = Math.floor(i / COLUMNS) * (CELL.height + CAPTION);
  return [
    { input: tile.image, left, top },
    { input: tile.caption, left, top: top + CELL.height },
  ];
});
const out = path.join(root, 'bench', 'results', presetsOnly ? 'contact-sheet-presets.png' : 'contact-sheet.png');
mkdirSync(path.dirname(out), { recursive: true });
await sharp({ create: { width: CELL.width * COLUMNS, height: rows * (CELL.height + CAPTION), channels: 3, background: '#000' } })
  .composite(composites)
  .png()
  .toFile(out);
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms per 1K (4:3) view; wrote ${path.relative(root, out)}`);
