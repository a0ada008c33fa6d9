#!/usr/bin/env node
// `npm test`: the lint, the type check, the Worker tests (inside workerd) and the frontend unit tests
// (one vitest run of vitest.config.ts's two projects), and the browser tests (Playwright: Chromium
// against the app as `npm start` serves it). Prints one closing line. `npm test -- worker browser`
// runs only those suites (no lint or type check).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, ensureDevVars, run } from './lib.mjs';

const VITEST_PROJECTS = ['worker', 'frontend'];
const only = process.argv.slice(2);
const projects = VITEST_PROJECTS.filter((name) => only.length === 0 || only.includes(name));
const suites = [
  { name: projects.join(' + '), runner: 'vitest', projects },
  { name: 'browser', runner: 'playwright', config: 'playwright.config.ts' },
].filter((suite) => (suite.runner === 'vitest' ? suite.projects.length > 0 : only.length === 0 || only.includes(suite.name)));
const reports = mkdtempSync(path.join(tmpdir(), 'parti-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStages = 0;

async function stage(label, task) {
  console.log(`\n▶ ${label}`);
  try {
    await task();
  } catch (error) {
    failedStages += 1;
    console.error(`✗ ${label}: ${error instanceof Error ? error.message : error}`);
  }
}

function count(reportFile) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      // Playwright's JSON report: expected = passed, unexpected = failed, flaky = passed on a retry.
      totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected ?? 0;
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

function runSuite(suite, reportFile) {
  if (suite.runner === 'playwright') {
    // The list on screen, the JSON report into the file (the closing line reads it).
    return run(bin('playwright'), ['test', '--config', suite.config, '--reporter=list,json'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    });
  }
  const projectArgs = suite.projects.flatMap((name) => ['--project', name]);
  return run(bin('vitest'), ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]);
}

ensureDevVars();
if (only.length === 0) {
  await stage('lint', () => run('npm', ['run', '--silent', 'lint']));
  await stage('type check', () => run('npm', ['run', '--silent', 'typecheck']));
}
for (const suite of suites) {
  const reportFile = path.join(reports, `${suite.runner}.json`);
  await stage(`${suite.name} tests`, () => runSuite(suite, reportFile));
  count(reportFile);
}
rmSync(reports, { recursive: true, force: true });

const failed = Math.max(totals.failed, failedStages > 0 && totals.failed === 0 ? 1 : totals.failed);
console.log(`\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = failedStages > 0 ? 1 : 0;
