#!/usr/bin/env node
// Print resolution (docs/decisions/0089-print-resolution.md), inside workerd: the workerd process's
// resident set size (RSS, from /proc, sampled every 10 ms, as scripts/bench-edit.mjs measures edits)
// during 4K generations (preview engine; Gemini against the fake with a photographic-like 4800 × 3584
// PNG), a 4K upscale, and a project's ZIP of 100 images read to its end (then one twice as large),
// each less the RSS just
// before it; the ZIP's time and size. RSS covers the whole local runtime (isolate heap, photon's wasm
// memory, the D1 and R2 simulators, the test's own fake), so each figure is an upper bound on what
// the Worker needs; the Images binding runs in miniflare's Node process, outside workerd, as in
// production it runs outside the Worker. Figures are printed and saved to
// bench/results/print-latest.json, never asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bin, ensureDevVars, root, rssBytesOf, workerdPidsUnder } from './lib.mjs';

const SAMPLE_MS = 10;

function runBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vitest'), ['run', '--config', 'vitest.bench.config.ts', 'tests/worker/bench/print.bench.ts'], {
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
      if (code !== 0 || !line) return reject(new Error(`print bench failed (exit ${code}):\n${output.slice(-3000)}`));
      resolve({ results: JSON.parse(line.slice(line.indexOf('BENCH_JSON ') + 'BENCH_JSON '.length)), samples });
    });
  });
}

/** Peak RSS during a window, and its growth over the last sample before it. */
function growth(samples, window) {
  const baseline = samples.filter((s) => s.at < window.start).at(-1)?.rss ?? Number.NaN;
  const during = samples.filter((s) => s.at >= window.start && s.at <= window.end).map((s) => s.rss);
  return { baseline, peak: Math.max(...during), growth: Math.max(...during) - baseline, samples: during.length, ms: window.end - window.start };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

ensureDevVars();
console.log('\nPrint resolution: 4K generations, a 4K upscale and a 100-image ZIP (workerd)…');
const { results, samples } = await runBench();
const windows = ['gen4k-first', 'gen4k-preview', 'gen4k-gemini', 'upscale4k-preview', 'zip100', 'zip100-double'];
const memory = Object.fromEntries(windows.map((name) => [name, growth(samples, results[name])]));
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'print-latest.json'), JSON.stringify({ ...results, memory }, null, 2));
const line = (label, m) => console.log(`  ${label}: ${mb(m.peak)} at peak, +${mb(m.growth)} over ${mb(m.baseline)}, ${m.ms} ms`);
console.log('Peak workerd RSS (growth over the RSS just before each):');
line(`first 4K generation of the process, preview engine, ${results['gen4k-first'].size.join(' × ')}`, memory['gen4k-first']);
line('another 4K generation, preview engine, 4096 × 4096', memory['gen4k-preview']);
line(`4K generation, Gemini engine against the fake, a ${mb(results['gemini-answer-bytes'])} PNG of 4800 × 3584`, memory['gen4k-gemini']);
line(`4K upscale of a 2K preview image, to ${results['upscale4k-preview'].size.join(' × ')}`, memory['upscale4k-preview']);
for (const name of ['zip100', 'zip100-double']) {
  const zip = results[name];
  line(`project ZIP of ${zip.images} images, ${mb(zip.bytes)} read to the end`, memory[name]);
  console.log(`    ${mb(zip.bytes)} in ${zip.end - zip.start} ms (${mb((zip.bytes / (zip.end - zip.start)) * 1000)}/s); X-Archive-Bytes said ${zip.declared}, ${zip.declared === zip.bytes ? 'exact' : 'NOT exact'}`);
}
console.log('  (RSS of the whole local runtime — isolate, wasm memory, D1/R2 simulators, the fake — an upper bound.)');
