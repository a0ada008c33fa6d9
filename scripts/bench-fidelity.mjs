#!/usr/bin/env node
// Geometry fidelity (docs/decisions/0086-geometry-fidelity.md), inside workerd, offline, on the 20
// test inputs generated at test time (tests/worker/studio/fidelity/inputs.ts):
// - the score's Worker time per view at 1K and 2K, as a job spends it after the view is stored
//   (decode the input, find its lines, decode the render, measure, make the map), median of 24;
// - the preview engine's median score per input type and Precise ↔ Creative step, first attempt
//   and after the free re-render of steps 4–5, with the number of views re-rendered;
// - the metric on the test material: shifted 10 px, lightly blurred, recoloured.
// Figures are printed (and saved to bench/results/fidelity-latest.json), never asserted. Times are
// wall time on a machine that may be busy: the load average is printed beside them.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { bin, ensureDevVars, root } from './lib.mjs';

function runBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vitest'), ['run', '--config', 'vitest.bench.config.ts', 'tests/worker/bench/fidelity.bench.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.includes('BENCH_JSON '));
      if (code !== 0 || !line) return reject(new Error(`fidelity bench failed (exit ${code}):\n${output.slice(-3000)}`));
      resolve(JSON.parse(line.slice(line.indexOf('BENCH_JSON ') + 'BENCH_JSON '.length)));
    });
  });
}

const ms = (value) => `${Math.round(value)} ms`;
const score = (value) => value.toFixed(3);

ensureDevVars();
console.log('\nGeometry fidelity (workerd, preview engine, 20 generated inputs)… a few minutes');
const loadBefore = loadavg()[0];
const results = await runBench();
const figures = { ...results, machine: { loadAverageBefore: loadBefore, loadAverageAfter: loadavg()[0] } };
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'fidelity-latest.json'), JSON.stringify(figures, null, 2));

console.log(`The score's Worker time per view (budget 300 ms), load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}:`);
console.log(`${'render'.padEnd(8)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}   parts (medians)`);
for (const size of ['1K', '2K']) {
  const t = results[`fidelity-time-${size}`];
  const parts = `input decode ${ms(t.inputDecode)}, input lines ${ms(t.inputLines)}, render decode ${ms(t.renderDecode)}, measure ${ms(t.measure)}, map ${ms(t.map)}`;
  console.log(`${size.padEnd(8)}${ms(t.total).padStart(8)}${ms(t.min).padStart(8)}${ms(t.max).padStart(8)}   ${parts} (${t.samples} views)`);
}

console.log('\nPreview engine: median score per input type and step (first attempt → after the free re-render; re-rendered views)');
const preview = results['fidelity-preview'];
const steps = ['1', '2', '3', '4', '5'];
console.log(`${'type'.padEnd(9)}${steps.map((step) => `step ${step}${step === '1' ? ' (Creative)' : step === '5' ? ' (Precise)' : ''}`.padStart(22)).join('')}`);
for (const [type, cells] of Object.entries(preview)) {
  const row = steps.map((step) => {
    const cell = cells[step];
    const text = cell.retried > 0 ? `${score(cell.first)}→${score(cell.final)} ${cell.retried}/${cell.views}` : `${score(cell.final)}`;
    return text.padStart(22);
  });
  console.log(`${type.padEnd(9)}${row.join('')}`);
}

const material = results['fidelity-material'];
console.log('\nThe metric on the 20 test inputs (median, min–max):');
for (const [name, label] of [['shifted10', 'shifted by 10 px'], ['blurred', 'lightly blurred'], ['recoloured', 'recoloured']]) {
  const figure = material[name];
  console.log(`  ${label.padEnd(18)} ${score(figure.median)} (${score(figure.min)}–${score(figure.max)})`);
}
