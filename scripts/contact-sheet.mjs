#!/usr/bin/env node
// `npm run preview:sheet`: renders prompts through the real offline preview engine
// (worker/studio/engines/preview.ts, loaded with Vite's module runner, no Worker needed) and
// writes one captioned, measured sheet to bench/results/contact-sheet.png: a dozen varied
// prompts, the objects and materials the engine draws, the four views of one batch, and a source
// with refinements made through the pipeline's own JPEG. Each cell prints its render time and what
// was measured (tests/worker/studio/engines/preview-measures.ts). Runs offline.
// `npm run preview:sheet -- --presets`: one tile per setting, time, season and camera preset.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runnerImport } from 'vite';
import { root } from './lib.mjs';

const load = async (file) => (await runnerImport(path.join(root, file))).module;
const { previewEngine, renderPreviewScene, batchComposition, recogniseSource } = await load('worker/studio/engines/preview.ts');
const { readInputs } = await load('worker/studio/engines/preview-inputs.ts');
const { processImage } = await load('worker/studio/image-processing.ts');
const measures = await load('tests/worker/studio/engines/preview-measures.ts');

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
const OUTSIDE = 'A white render house in a meadow at noon';
const OBJECTS_OUTSIDE = ['a veranda', 'a pergola', 'a swimming pool', 'balconies', 'a parked car', 'a bicycle', 'solar panels', 'a green roof', 'arches', 'columns', 'an outside stair', 'a bamboo grove'];
const INSIDE = 'A living room interior at noon, no sofa, no rug';
const OBJECTS_INSIDE = ['a bookshelf', 'a sofa', 'a rug', 'a dining table and pendant lamps', 'a fireplace', 'a stair', 'a skylight', 'plants'];
const MATERIALS = [['brick', 'brick'], ['timber', 'timber'], ['bamboo', 'bamboo'], ['board-marked concrete', 'concrete'], ['stone rubble', 'stone'], ['glass', 'glass'], ['rammed earth', 'earth'], ['marble', 'marble']];
const VIEWS = ['A brick house with a veranda, a pool and a parked car at golden hour', 'A living room with a sofa, a rug, a bookshelf and pendant lamps'];
const SOURCE = { prompt: 'A white render house with a garden and a parked car at noon', seed: 58, view: 1 };
const REFINEMENTS = ['Make it brick', 'Add a pergola', 'Remove the car', 'Make it night'];

const CELL = { width: 512, height: 384 };
const CAPTION = 58;
const HEADER = 40;
const COLUMNS = 4;
const BASE = { model: 'fast', aspectRatio: '4:3', resolution: '1K', seed: 7, images: [], history: [] };
const pct = (value) => `${(100 * value).toFixed(1)} %`;
const box = (b) => (b ? `x ${b.x0.toFixed(2)}–${b.x1.toFixed(2)}, y ${b.y0.toFixed(2)}–${b.y1.toFixed(2)}` : 'nothing');

function escapeXml(text) {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
}

function clip(text, length) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** A caption: a title line, then smaller lines of figures, as wide as `width` allows. */
async function label(lines, width, height, size = 15, fill = '#111') {
  const rows = lines.map((line, i) => {
    const font = i === 0 ? size : 12;
    return `<text x="8" y="${20 + i * 18}" font-family="sans-serif" font-size="${font}" fill="${i === 0 ? '#eee' : '#9fd29f'}">${escapeXml(clip(line, Math.floor(width / (font * 0.55))))}</text>`;
  });
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/>${rows.join('')}</svg>`)).png().toBuffer();
}

/** Renders through the engine, timing the call; the figures of a cell come from `measure`. */
const times = [];
async function view(fields) {
  const request = { ...BASE, ...fields };
  const started = performance.now();
  const result = await previewEngine.generateView(request);
  const ms = performance.now() - started;
  times.push(ms);
  if (!result.ok || result.image.kind !== 'rgba') throw new Error(`preview failed for ${request.prompt}`);
  return { picture: result.image, ms };
}

const render = (fields, inputs) => renderPreviewScene({ ...BASE, ...fields }, inputs);

/** A warm sunset-coloured reference image: orange sky over a dark purple ground. */
async function referenceImage() {
  const { width, height } = { width: 96, height: 64 };
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) raw.set([...(y < height * 0.45 ? [240, 130, 60] : [70, 40, 90]), 255], (y * width + x) * 4);
  return { mimeType: 'image/png', data: (await sharp(raw, { raw: { width, height, channels: 4 } }).png().toBuffer()).toString('base64') };
}

async function promptCells() {
  const cells = [];
  for (const prompt of PROMPTS) {
    const { picture, ms } = await view({ prompt });
    cells.push({ picture, lines: [prompt, `${ms.toFixed(1)} ms`] });
  }
  const { picture, ms } = await view({ prompt: 'A house by the sea, with this reference', images: [await referenceImage()] });
  cells.push({ picture, lines: ['A house by the sea (orange/purple reference)', `${ms.toFixed(1)} ms`] });
  return cells;
}

/** Each object against the same prompt without it: how much changed, and where. */
async function objectCells() {
  const cells = [];
  for (const [base, words] of [[OUTSIDE, OBJECTS_OUTSIDE], [INSIDE, OBJECTS_INSIDE]]) {
    const without = render({ prompt: base });
    for (const word of words) {
      const prompt = base.replace(/ at noon/, ` with ${word} at noon`);
      const { picture, ms } = await view({ prompt });
      const changed = measures.changedShare(without, picture);
      cells.push({ picture, lines: [`…with ${word}`, `${ms.toFixed(1)} ms · ${pct(changed)} of pixels changed, at ${box(measures.changedBox(without, picture))}`] });
    }
  }
  const whole = { x0: 0, y0: 0, x1: 1, y1: 1 };
  for (const [words, material] of MATERIALS) {
    const { picture, ms } = await view({ prompt: `A ${words} house at noon`, view: 2, seed: 9 });
    const patch = measures.surfacePatch(material);
    const rows = measures.repetition(patch, whole, 'rows');
    const columns = measures.repetition(patch, whole, 'columns');
    const texture = `rows ${rows.strength.toFixed(2)}/${rows.period}px, columns ${columns.strength.toFixed(2)}/${columns.period}px, spread ${measures.lumaSpread(patch, whole).toFixed(0)}`;
    cells.push({ picture, lines: [`A ${words} house (closer view)`, `${ms.toFixed(1)} ms · surface: ${texture}`] });
  }
  return cells;
}

/** Four views of one batch: how differently each frames the scene, how much palette it shares with view 1. */
async function viewCells() {
  const cells = [];
  for (const prompt of VIEWS) {
    const pictures = [];
    for (let index = 0; index < 4; index += 1) {
      const { picture, ms } = await view({ prompt, seed: 40 + index, view: index });
      pictures.push(picture);
      const [first] = pictures;
      const figures = index === 0 ? 'the reference view' : `framing Δ ${measures.framingDistance(first, picture).toFixed(1)}, palette shared ${pct(measures.paletteContainment(first, picture))}`;
      cells.push({ picture, lines: [`View ${index + 1}: ${prompt}`, `${ms.toFixed(1)} ms · ${figures}`] });
    }
  }
  return cells;
}

/** A source view, stored as the pipeline stores it (JPEG, watermark), then refined through the engine. */
async function refinementCells() {
  const { picture: source, ms } = await view(SOURCE);
  const stored = processImage({ kind: 'rgba', ...source }, { cropTo: null, watermark: true }).full;
  const image = { mimeType: 'image/jpeg', data: Buffer.from(stored).toString('base64') };
  const history = [{ role: 'user', parts: [{ text: SOURCE.prompt }] }, { role: 'model', parts: [{ text: 'Generated 4 image(s) for this prompt.' }] }];
  const found = recogniseSource({ history }, readInputs([image]));
  const cells = [{ picture: source, lines: [`Source, view ${SOURCE.view + 1}: ${SOURCE.prompt}`, `${ms.toFixed(1)} ms · recognised from its JPEG: ${JSON.stringify(found.recognised?.composition ?? null)}, Δ ${found.nearest?.difference.toFixed(1)}`] }];
  const composition = batchComposition(SOURCE);
  for (const prompt of REFINEMENTS) {
    const { picture, ms: refineMs } = await view({ prompt, history, images: [image], seed: 911, view: 0 });
    // Where the change should land: the source's words drawn with and without it, same composition.
    const expected = measures.changedBox(render({ prompt: SOURCE.prompt, seed: SOURCE.seed, view: SOURCE.view }), render({ prompt, history }, { source: composition }));
    const local = expected && (expected.x1 - expected.x0) * (expected.y1 - expected.y0) < 0.5;
    const figures = local
      ? `changed ${pct(measures.changedShare(source, picture, expected))} in ${box(expected)}; elsewhere Δ ${measures.meanDifferenceOutside(source, picture, measures.grown(expected, 0.02)).toFixed(2)}`
      : `all of it changes; against the source's scene drawn so: Δ ${measures.meanDifferenceOutside(render({ prompt, history }, { source: composition }), picture, null).toFixed(2)}`;
    cells.push({ picture, lines: [`Refine: "${prompt}"`, `${refineMs.toFixed(1)} ms · ${figures}`] });
  }
  return cells;
}

async function presetCells() {
  const presets = await load('shared/presets.ts');
  const cells = [];
  for (const group of presets.PRESET_GROUPS.filter((entry) => entry.id !== 'materials')) {
    for (const option of group.options) {
      const { picture, ms } = await view({ prompt: `A brick house with a garden, ${option.words}` });
      cells.push({ picture, lines: [`${group.label}: ${option.label}`, `${ms.toFixed(1)} ms`] });
    }
  }
  return cells;
}

const presetsOnly = process.argv.includes('--presets');
const sections = presetsOnly
  ? [['Presets', await presetCells()]]
  : [
      ['Prompts', await promptCells()],
      ['Named objects (changed pixels against the prompt without the word) and materials (measured on the surface alone)', await objectCells()],
      ['Four views of one batch: one scene, four cameras', await viewCells()],
      ['A source and its refinements, through the stored JPEG: the change lands where expected, the rest stays', await refinementCells()],
    ];

const composites = [];
let top = 0;
for (const [title, cells] of sections) {
  composites.push({ input: await label([title], CELL.width * COLUMNS, HEADER, 18, '#2a2a3a'), left: 0, top });
  top += HEADER;
  for (const [i, cell] of cells.entries()) {
    const left = (i % COLUMNS) * CELL.width;
    const y = top + Math.floor(i / COLUMNS) * (CELL.height + CAPTION);
    const { pixels, width, height } = cell.picture;
    composites.push({ input: await sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } }).resize(CELL.width, CELL.height).png().toBuffer(), left, top: y });
    composites.push({ input: await label(cell.lines, CELL.width, CAPTION), left, top: y + CELL.height });
    console.log(cell.lines.join('  ·  '));
  }
  top += Math.ceil(cells.length / COLUMNS) * (CELL.height + CAPTION);
}
const out = path.join(root, 'bench', 'results', presetsOnly ? 'contact-sheet-presets.png' : 'contact-sheet.png');
mkdirSync(path.dirname(out), { recursive: true });
await sharp({ create: { width: CELL.width * COLUMNS, height: top, channels: 3, background: '#000' } }).composite(composites).png().toFile(out);
const sorted = [...times].sort((a, b) => a - b);
const cpu = process.cpuUsage();
console.log(`median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms per 1K (4:3) view over ${times.length} views (process CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms); wrote ${path.relative(root, out)}`);
