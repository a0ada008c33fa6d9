#!/usr/bin/env node
// `npm run bench`: the per-image cost of the post-processing steps (crop, watermark, JPEG,
// thumbnail, placeholder) with photon inside workerd and with sharp in Node on this machine,
// side by side, for 1K and 2K images; the whole /api/generate time for 4 views with an
// engine that answers at once, and a rendition's first request (encoded then) against a stored one;
// and the ladder's size and encode time per rung, Images binding against photon. Figures are
// printed (and saved to bench/results/generate-latest.json), never asserted. Runs offline.
// Then scripts/bench-jobs.mjs (jobs on the Workflow), scripts/bench-edit.mjs (2K region edits),
// scripts/bench-fidelity.mjs (the geometry fidelity score and the preview engine's scores),
// scripts/bench-print.mjs (4K, upscale and ZIP memory), the gallery and edge benchmarks, and
// Lighthouse's four scores of the public pages (scripts/bench-lighthouse.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { bin, ensureDevVars, root } from './lib.mjs';

const SIZES = { '1K': { side: 1024, iterations: 10 }, '2K': { side: 2048, iterations: 6 } };
const STEPS = ['decode', 'crop', 'watermark', 'encode', 'thumbnail', 'placeholder'];
const WATERMARK = { opacity: 0.63, widthFraction: 0.045, marginPx: 20, quality: 95 };
const resultsDir = path.join(root, 'bench', 'results');

/** A square test scene (sky, ground, a block with windows): the same bytes for both halves. */
function sceneRgba(side) {
  const pixels = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const i = (y * side + x) * 4;
      const sky = y < side * 0.6;
      const building = x > side * 0.25 && x < side * 0.7 && y > side * 0.3 && y < side * 0.72;
      const window = building && (x % 40 < 22) && (y % 48 < 26);
      const noise = ((x * 31 + y * 17) % 23) - 11;
      const [r, g, b] = window ? [150, 190, 215] : building ? [205, 200, 190] : sky ? [80 + y / 8, 140 + y / 12, 215] : [90, 125, 70];
      pixels[i] = Math.max(0, Math.min(255, r + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, g + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, b + noise));
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

async function makeInputs() {
  const inputs = {};
  for (const [name, { side, iterations }] of Object.entries(SIZES)) {
    const jpeg = await sharp(sceneRgba(side), { raw: { width: side, height: side, channels: 4 } }).jpeg({ quality: 95 }).toBuffer();
    inputs[name] = { jpeg: jpeg.toString('base64'), iterations };
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'generate-inputs.json'), JSON.stringify(inputs));
  return inputs;
}

function markPng() {
  const source = readFileSync(path.join(root, 'worker', 'studio', 'watermark-mark.ts'), 'utf8');
  return Buffer.from(source.match(/'([A-Za-z0-9+/=]{100,})'/)[1], 'base64');
}

async function timed(samples, work) {
  const start = performance.now();
  const value = await work();
  samples[samples.length] = performance.now() - start;
  return value;
}

/** The same steps as worker/studio/image-processing.ts, each from raw pixels to raw pixels. */
async function sharpPass(input, mark, steps) {
  const raw = (buffer, info) => sharp(buffer, { raw: { width: info.width, height: info.height, channels: 4 } });
  const decoded = await timed(steps.decode, () => sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
  const cropped = await timed(steps.crop, () => {
    const { width, height } = decoded.info;
    const h = Math.round(width / (16 / 9));
    return raw(decoded.data, decoded.info).extract({ left: 0, top: Math.floor((height - h) / 2), width, height: h }).raw().toBuffer({ resolveWithObject: true });
  });
  const marked = await timed(steps.watermark, async () => {
    const w = Math.round(cropped.info.width * WATERMARK.widthFraction);
    const { data } = await sharp(mark).resize(w, w).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 4) data[i + 3] = Math.round(data[i + 3] * WATERMARK.opacity);
    const overlay = await sharp(data, { raw: { width: w, height: w, channels: 4 } }).png().toBuffer();
    const left = cropped.info.width - w - WATERMARK.marginPx;
    const top = cropped.info.height - w - WATERMARK.marginPx;
    return raw(cropped.data, cropped.info).composite([{ input: overlay, left, top }]).raw().toBuffer({ resolveWithObject: true });
  });
  await timed(steps.encode, () => raw(marked.data, marked.info).jpeg({ quality: WATERMARK.quality }).toBuffer());
  const thumb = await timed(steps.thumbnail, async () => {
    const small = await raw(marked.data, marked.info).resize(512, 512, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    await raw(small.data, small.info).jpeg({ quality: 80 }).toBuffer();
    return small;
  });
  await timed(steps.placeholder, async () => {
    const tiny = await raw(thumb.data, thumb.info).resize(100, 100, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    return rgbaToThumbHash(tiny.info.width, tiny.info.height, tiny.data);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function sharpBench(inputs) {
  const mark = markPng();
  const results = {};
  sharp.concurrency(1); // one image at a time, like one request on the Worker
  for (const [name, { jpeg, iterations }] of Object.entries(inputs)) {
    const input = Buffer.from(jpeg, 'base64');
    for (let i = 0; i < 3; i += 1) await sharpPass(input, mark, Object.fromEntries(STEPS.map((step) => [step, []])));
    const steps = Object.fromEntries(STEPS.map((step) => [step, []]));
    for (let i = 0; i < iterations; i += 1) await sharpPass(input, mark, steps);
    results[`sharp-${name}`] = Object.fromEntries(STEPS.map((step) => [step, median(steps[step])]));
  }
  return results;
}

function workerdBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vitest'), ['run', '--config', 'vitest.bench.config.ts', 'tests/worker/bench/pipeline.bench.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      // One BENCH_JSON line per bench file (pipeline, renditions), merged.
      const lines = output.split('\n').filter((text) => text.includes('BENCH_JSON '));
      if (code !== 0 || lines.length === 0) return reject(new Error(`workerd bench failed (exit ${code}):\n${output.slice(-3000)}`));
      resolve(Object.assign({}, ...lines.map((line) => JSON.parse(line.slice(line.indexOf('BENCH_JSON ') + 'BENCH_JSON '.length)))));
    });
  });
}

const ms = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);

function printTable(results) {
  for (const size of Object.keys(SIZES)) {
    const photon = results[`photon-${size}`];
    const node = results[`sharp-${size}`];
    console.log(`\n${size} image (${SIZES[size].side}×${SIZES[size].side} JPEG in, cropped to 16:9), median per image`);
    console.log(`${'step'.padEnd(13)}${'photon (workerd)'.padStart(18)}${'sharp (Node)'.padStart(15)}${'photon/sharp'.padStart(15)}`);
    let photonTotal = 0;
    let sharpTotal = 0;
    for (const step of STEPS) {
      photonTotal += photon[step];
      sharpTotal += node[step];
      console.log(`${step.padEnd(13)}${ms(photon[step]).padStart(18)}${ms(node[step]).padStart(15)}${`${(photon[step] / node[step]).toFixed(1)}×`.padStart(15)}`);
    }
    console.log(`${'total'.padEnd(13)}${ms(photonTotal).padStart(18)}${ms(sharpTotal).padStart(15)}${`${(photonTotal / sharpTotal).toFixed(1)}×`.padStart(15)}`);
  }
  console.log('\nPOST /api/generate, 4 views, free user (watermarked), engine answering at once, median:');
  console.log(`  Gemini engine against an instant fake, 1K: ${ms(results['generate-instant-1K'])}`);
  console.log(`  Gemini engine against an instant fake, 2K: ${ms(results['generate-instant-2K'])}`);
  console.log(`  preview engine (includes rendering), 1K:   ${ms(results['generate-preview-1K'])}`);
  console.log('\nA rendition (800 px of a 2K view), median of four (docs/decisions/0100):');
  console.log(`  first request, encoded by the Images binding: ${ms(results['rung-first-request'])}`);
  console.log(`  a later request, read from R2:                ${ms(results['rung-stored-request'])}`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const cell = (figure) => `${kb(figure.bytes)} ${ms(figure.ms)}`.padStart(22);

/** The ladder per rung: the chosen encoder (Images binding, WebP q80) against photon in workerd. */
function printRenditions(results) {
  for (const image of ['scene', 'preview']) {
    for (const size of Object.keys(SIZES)) {
      const rows = results[`renditions-${image}-${size}`];
      if (!rows) continue;
      console.log(`\nRendition ladder, ${size} ${image === 'scene' ? 'synthetic scene' : 'preview-engine render'} (from the stored JPEG; median of 3; size and time per rung)`);
      console.log(`${'width'.padEnd(8)}${'Images WebP q80'.padStart(22)}${'photon WebP (lossless)'.padStart(24)}${'photon JPEG q80'.padStart(22)}`);
      const total = { images: 0, photonWebp: 0, photonJpeg: 0 };
      for (const row of rows) {
        console.log(`${String(row.width).padEnd(8)}${cell(row.images)}${cell(row.photonWebp).padStart(24)}${cell(row.photonJpeg)}`);
        for (const key of Object.keys(total)) total[key] += row[key].bytes;
      }
      console.log(`${'ladder'.padEnd(8)}${kb(total.images).padStart(22)}${kb(total.photonWebp).padStart(24)}${kb(total.photonJpeg).padStart(22)}`);
    }
  }
  console.log('  Images binding times here are miniflare\'s local sharp, not Cloudflare\'s service; photon\'s are');
  console.log('  Worker CPU. photon (0.4) encodes WebP lossless only, hence its sizes.');
}

ensureDevVars();
console.log('Preparing inputs, running sharp in Node, then photon inside workerd…');
const inputs = await makeInputs();
const sharpResults = await sharpBench(inputs);
const workerdResults = await workerdBench();
const results = { ...sharpResults, ...workerdResults, machine: { cpus: (await import('node:os')).cpus().length, node: process.version } };
writeFileSync(path.join(resultsDir, 'generate-latest.json'), JSON.stringify(results, null, 2));
printTable(results);
printRenditions(results);

// Generation jobs: submit to first and last view with a slow fake, and workerd's RSS per 2K view.
await import('./bench-jobs.mjs');

// Region edits at 2K: Parti's time around the engine call, and workerd's RSS during an edit.
await import('./bench-edit.mjs');
// Geometry fidelity: the score's Worker time per view, the preview engine's score per type and step.
await import('./bench-fidelity.mjs');

// Print resolution: workerd's RSS during 4K generations, a 4K upscale and a 100-image ZIP, and the ZIP's time.
await import('./bench-print.mjs');

// The gallery benchmark: 40-card pages at 10,000 and 100,000 public rows vs a static file.
await import('../bench/gallery.mjs');

// The edge: cached vs uncached gallery pages, first-screen bytes, LCP/CLS and route JS sizes.
await import('../bench/edge.mjs');

// Lighthouse (mobile) on /, /gallery and /pricing, against the build the edge benchmark just made.
process.env.PARTI_BUILT = '1';
await import('./bench-lighthouse.mjs');
