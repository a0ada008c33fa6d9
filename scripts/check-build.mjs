#!/usr/bin/env node
// Checks the built app in dist/client (docs/decisions/0077-react-in-every-build.md): its scripts
// carry React's production renderer and no Preact. Prints the gzip bytes of the scripts `/` and
// `/gallery` load. Exits non-zero on a failed check. `npm test` runs it after its one build.
import { routeScripts } from './build-output.mjs';

const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const report = routeScripts();

for (const route of report.routes) {
  console.log(`${route.path.padEnd(10)} ${kb(route.gzip).padStart(9)} gzip in ${route.files.length} scripts`);
}
if (!report.renderer.react) failures.push("no script carries React's production client renderer");
if (report.renderer.preact) failures.push(`Preact is in ${report.renderer.preact}`);

for (const failure of failures) console.error(`✗ ${failure}`);
if (failures.length === 0) console.log('✓ React 19 renders the build; no Preact');
process.exitCode = failures.length > 0 ? 1 : 0;
