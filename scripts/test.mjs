#!/usr/bin/env node
// `npm test`: the lint and the type check (`npm run check`), and beside them one build of the app and the Worker with
// its check (scripts/check-build.mjs), the Worker, frontend and repository tests (one vitest run of
// vitest.config.ts's projects), then the browser tests (Playwright: Chromium against that build
// as `npm start` serves it). Ends with the time each stage took and one closing line.
// `npm test -- worker browser` runs only those suites (no lint or type check).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { bin, ensureDevVars, run, runCollected } from './lib.mjs';

const VITEST_PROJECTS = ['worker', 'frontend', 'repo'];
const only = process.argv.slice(2);
const projects = VITEST_PROJECTS.filter((name) => only.length === 0 || only.includes(name));
const wantsBrowser = only.length === 0 || only.includes('browser');
const reports = mkdtempSync(path.join(tmpdir(), 'parti-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const times = [];
const begun = performance.now();
let failedStages = 0;

async function stage(label, task) {
  console.log(`\n▶ ${label}`);
  const time = { label, seconds: 0, ok: true };
  times.push(time);
  const started = performance.now();
  try {
    await task();
  } catch (error) {
    time.ok = false;
    failedStages += 1;
    console.error(`✗ ${label}: ${error instanceof Error ? error.message : error}`);
  }
  time.seconds = (performance.now() - started) / 1000;
}

/**
 * Runs a command with its output held back and printed in one piece when it ends, under its
 * label, so two stages running side by side do not interleave their lines. At the lowest CPU
 * priority: the processes it starts inherit it, and they take a core only when the tests leave
 * one idle.
 */
async function runHeld(label, command, args) {
  const lowest = (child) => {
    try {
      if (child.pid !== undefined) setPriority(child.pid, 19);
    } catch {
      // A system that refuses only changes how the cores are shared, not what runs.
    }
  };
  const { code, signal, output } = await runCollected(command, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' }, started: lowest });
  if (output.trim()) process.stdout.write(`\n── ${label} ──\n${output.endsWith('\n') ? output : `${output}\n`}`);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`);
}

function count(reportFile) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      // Playwright's JSON report: expected = passed, unexpected = failed, flaky = passed on its retry,
      // which fails the run (failOnFlakyTests in playwright.config.ts) and counts as a failure here.
      totals.passed += report.stats.expected ?? 0;
      totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
      totals.skipped += report.stats.skipped ?? 0;
    } else {
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
      totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  } catch {
    // The runner died before writing a report; the failed stage already counts.
  }
}

ensureDevVars();
// The lint and the type check run beside the build and the tests, their output held until they end,
// at the lowest priority: the tests leave a core idle whenever they wait (a held view, a timeout, a
// page load), and the checks fill those gaps instead of slowing the tests (docs/decisions/0080).
// `npm run check` is both in one pass: oxlint's type-aware rules and TypeScript 7's diagnostics come
// from one program (`oxlint --type-check`), where the lint and `tsc -b` built it twice
// (docs/decisions/0099, amendment).
const checks = only.length === 0 ? stage('lint and type check', () => runHeld('lint and type check', 'npm', ['run', '--silent', 'check'])) : Promise.resolve();
if (only.length === 0 || wantsBrowser) {
  await stage('build', () => run(bin('vite'), ['build', '--logLevel', 'warn']));
  await stage('build check', () => run(process.execPath, ['scripts/check-build.mjs']));
}
if (projects.length > 0) {
  const reportFile = path.join(reports, 'vitest.json');
  const projectArgs = projects.flatMap((name) => ['--project', name]);
  await stage(`${projects.join(' + ')} tests`, () =>
    run(bin('vitest'), ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]),
  );
  count(reportFile);
}
if (wantsBrowser) {
  const reportFile = path.join(reports, 'playwright.json');
  // The list on screen, the JSON report into the file (the closing line reads it); the server
  // serves the build made above.
  await stage('browser tests', () =>
    run(bin('playwright'), ['test', '--config', 'playwright.config.ts', '--reporter=list,json'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, PARTI_BUILT: '1' },
    }),
  );
  count(reportFile);
}
await checks;
rmSync(reports, { recursive: true, force: true });

console.log('\nStage times:');
for (const { label, seconds, ok } of times) console.log(`  ${ok ? '✓' : '✗'} ${label.padEnd(32)} ${seconds.toFixed(1).padStart(7)} s`);
// Stages that ran side by side overlap: the total is the wall clock, not their sum.
console.log(`  ${'total'.padEnd(34)} ${((performance.now() - begun) / 1000).toFixed(1).padStart(7)} s`);
const failed = Math.max(totals.failed, failedStages > 0 && totals.failed === 0 ? 1 : totals.failed);
console.log(`\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failedStages > 0 ? 1 : 0;
