#!/usr/bin/env node
// Generation jobs on the Workflow (docs/decisions/0036), inside workerd with a fake Gemini:
// - latency: submit → 202, → first view's live event, → last view's, with a slow fake (the first
//   view answers after 2 s, the others after 3, 4 and 5 s; 4 views at 1K);
// - memory: the workerd process's resident set size (RSS, from /proc, sampled every 10 ms by this
//   script) during a 2K job of 1 view and one of 4 views, each minus the RSS of the quiet second
//   before it. RSS covers the whole runtime (isolate heap, photon's wasm memory, which grows and is
//   never returned, R2 and D1 simulators in the same process), so it is an upper bound on what a
//   view costs and the warm-up job's growth is not counted. Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bin, ensureDevVars, root, rssBytesOf, workerdPidsUnder } from './lib.mjs';

const SAMPLE_MS = 10;


function runBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vitest'), ['run', '--config', 'vitest.bench.config.ts', 'tests/worker/bench/jobs.bench.ts'], {
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
      if (code !== 0 || !line) return reject(new Error(`jobs bench failed (exit ${code}):\n${output.slice(-3000)}`));
      resolve({ results: JSON.parse(line.slice(line.indexOf('BENCH_JSON ') + 'BENCH_JSON '.length)), samples });
    });
  });
}

/** RSS growth during a window over the last sample before it (the previous job had ended then). */
function growth(samples, window) {
  const baseline = samples.filter((s) => s.at < window.start).at(-1)?.rss ?? Number.NaN;
  const during = samples.filter((s) => s.at >= window.start && s.at <= window.end).map((s) => s.rss);
  return { baseline, peak: Math.max(...during), growth: Math.max(...during) - baseline, samples: during.length };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

ensureDevVars();
console.log('\nGeneration jobs on the Workflow (workerd, fake Gemini)…');
const { results, samples } = await runBench();
const first = growth(samples, results['mem-2K-first']);
const one = growth(samples, results['mem-2K-1view']);
const four = growth(samples, results['mem-2K-4views']);
const figures = { ...results, memory: { 'mem-2K-first': first, 'mem-2K-1view': one, 'mem-2K-4views': four } };
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'jobs-latest.json'), JSON.stringify(figures, null, 2));
console.log('Job latency, 4 views at 1K, slow fake (views answer after 2, 3, 4 and 5 s):');
console.log(`  submit → 202 accepted:      ${results['job-accepted-ms']} ms`);
console.log(`  submit → job running event: ${results['job-running-ms']} ms; the views' calls reach the fake at ${results['job-call-offsets-ms'].join(', ')} ms`);
console.log(`  submit → first view event:  ${results['job-first-view-ms']} ms (fake: 2000 ms)`);
console.log(`  submit → last view event:   ${results['job-last-view-ms']} ms (fake: 5000 ms)`);
console.log(`  submit → job done event:    ${results['job-done-ms']} ms, ${results['job-events']} job events`);
console.log('Peak workerd RSS growth during a 2K job (free user: crop-free Ultra, watermark, thumbnail, placeholder):');
console.log(`  first 2K job of the process, 1 view: +${mb(first.growth)} over ${mb(first.baseline)} (memory the runtime then keeps)`);
console.log(`  1 view:  +${mb(one.growth)} over ${mb(one.baseline)} (${one.samples} samples)`);
console.log(`  4 views: +${mb(four.growth)} over ${mb(four.baseline)} → ${mb(four.growth / 4)} a view (views overlap)`);
