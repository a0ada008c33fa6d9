#!/usr/bin/env node
// Region edits at 2K (docs/decisions/0084-region-edit.md), inside workerd:
// - time Parti adds around the engine call: with the Gemini engine against a fake that answers as
//   soon as it has redrawn the crop, the job's wall time from submit to its end less the engine
//   call (from the request reaching the fake to its answer being ready), split into before the
//   call (route, charge, Workflow start, master decode, crop, encoding the crop and the mask) and
//   after it (decode, registration, colour match, composite, master PNG, JPEG, thumbnail,
//   placeholder, renditions, R2 and D1 writes, the live event); median of three after a warm-up;
// - memory: the workerd process's resident set size (RSS, from /proc, sampled every 10 ms, as
//   scripts/bench-jobs.mjs and `npm run adversarial` measure generations) during 2K edits with the
//   preview engine (no fake working in the process), each less the RSS just before it. RSS covers
//   the whole runtime (isolate heap, photon's wasm memory, which grows and is never returned, the
//   D1 and R2 simulators), so it is an upper bound on what an edit needs.
// Figures are printed and saved to bench/results/edit-latest.json, never asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bin, ensureDevVars, root, rssBytesOf, workerdPidsUnder } from './lib.mjs';

const SAMPLE_MS = 10;

function runBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vitest'), ['run', '--config', 'vitest.bench.config.ts', 'tests/worker/bench/edit.bench.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const samples = [];
    const timer = setInterval(() => {
      const pids = workerdPidsUnder(child.pid);
      if (pids.length > 0) samples.push({ at: Date.now(), rss: rssBytesOf(pids) });
    }, SAMPLE_MS);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const line = output.split('\n').find((text) => text.includes('BENCH_JSON '));
      if (code !== 0 || !line) return reject(new Error(`edit bench failed (exit ${code}):\n${output.slice(-3000)}`));
      resolve({ results: JSON.parse(line.slice(line.indexOf('BENCH_JSON ') + 'BENCH_JSON '.length)), samples });
    });
  });
}

/** Peak RSS during a window, and its growth over the last sample before it. */
function growth(samples, window) {
  const baseline = samples.filter((s) => s.at < window.start).at(-1)?.rss ?? Number.NaN;
  const during = samples.filter((s) => s.at >= window.start && s.at <= window.end).map((s) => s.rss);
  return { baseline, peak: Math.max(...during), growth: Math.max(...during) - baseline, samples: during.length };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

ensureDevVars();
console.log('\nRegion edits at 2K (workerd)…');
const { results, samples } = await runBench();
const memory = { first: growth(samples, results['mem-first']), small: growth(samples, results['mem-small']), large: growth(samples, results['mem-large']) };
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'edit-latest.json'), JSON.stringify({ ...results, memory }, null, 2));
const [width, height] = results.size;
console.log(`Time Parti adds around the engine call, ${width}×${height} source, Gemini engine against an instant fake (median of 3):`);
for (const name of ['small', 'large']) {
  const t = results[`time-${name}`];
  const label = name === 'small' ? 'small mask (an ellipse 360×280 px)' : 'large mask (1650×1550 px)';
  console.log(`  ${label}: ${t.total - t.engine} ms (${t.before} ms before the call, ${t.after} ms after it; the fake answered in ${t.engine} ms)`);
  const r = results[`request-${name}`];
  console.log(`    sent: crop JPEG ${kb(r.cropJpegBytes)} + mask PNG ${kb(r.maskPngBytes)}; the crop with the region tinted instead would be ${kb(r.tintedCropJpegBytes)}`);
}
console.log('Peak workerd RSS during a 2K edit, preview engine (growth over the RSS just before it):');
console.log(`  first 2K edit of the process (large mask): ${mb(memory.first.peak)} at peak, +${mb(memory.first.growth)} over ${mb(memory.first.baseline)}`);
console.log(`  small mask: ${mb(memory.small.peak)} at peak, +${mb(memory.small.growth)} over ${mb(memory.small.baseline)} (${memory.small.samples} samples)`);
console.log(`  large mask: ${mb(memory.large.peak)} at peak, +${mb(memory.large.growth)} over ${mb(memory.large.baseline)} (${memory.large.samples} samples)`);
console.log('  (RSS of the whole local runtime — isolate, wasm memory, D1/R2 simulators — an upper bound on what the edit needs.)');
