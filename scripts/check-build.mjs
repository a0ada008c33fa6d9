#!/usr/bin/env node
// Checks the built app in dist/ (docs/decisions/0077-react-in-every-build.md,
// 0078-react-on-the-server.md): its scripts carry React's production renderer and no Preact, and
// the scripts `/` and `/gallery` load on a signed-out first visit fit their budgets (gzip bytes,
// React included). Prints each route's figure; exits non-zero on a failed check. `npm test` runs
// it after its one build.
import { overBudget, routeScripts } from './build-output.mjs';

const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const report = routeScripts();

for (const route of report.routes) {
  console.log(`${route.path.padEnd(10)} ${kb(route.gzip).padStart(9)} gzip in ${String(route.files.length).padStart(2)} scripts (budget ${kb(route.maxGzip)})`);
}
failures.push(...overBudget(report.routes));
if (!report.renderer.react) failures.push("no script carries React's production client renderer");
if (report.renderer.preact) failures.push(`Preact is in ${report.renderer.preact}`);

for (const failure of failures) console.error(`✗ ${failure}`);
if (failures.length === 0) console.log('✓ React 19 renders the build, no Preact; every route within its budget');
process.exitCode = failures.length > 0 ? 1 : 0;
