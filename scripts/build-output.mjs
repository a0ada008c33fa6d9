// What the built app's routes load (dist/), read from the build's own record of each
// server-rendered screen's scripts (dist/screen-scripts.json, written by vite.app-server.ts) and
// the files themselves: shared by the build check (scripts/check-build.mjs) and the bench
// (bench/edge.mjs), so both print the same figures (docs/decisions/0078-react-on-the-server.md).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

export const dist = path.join(root, 'dist');

/**
 * The JavaScript budgets of a signed-out first visit, React included (gzip bytes): the entry and
 * everything it imports, plus the route's screen with everything that imports, which is all a
 * server-rendered screen loads until the visitor acts.
 */
export const ROUTE_BUDGETS = [
  { path: '/', screen: 'landing', maxGzip: 85 * 1024 },
  { path: '/gallery', screen: 'gallery', maxGzip: 100 * 1024 },
];

const gzipOf = (dir, files) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dir, 'client', file))).length, 0);

/**
 * Each budgeted route's scripts and their gzip bytes, and which built scripts carry React's
 * client renderer or Preact. `dir` is a build's output folder (dist/ by default).
 */
export function routeScripts(dir = dist) {
  const record = JSON.parse(readFileSync(path.join(dir, 'screen-scripts.json'), 'utf8'));
  const routes = ROUTE_BUDGETS.map(({ path: route, screen, maxGzip }) => {
    const scripts = record.screens[screen]?.scripts;
    if (!scripts) throw new Error(`dist/screen-scripts.json has no screen ${screen}`);
    const files = [...new Set([...record.entry, ...scripts])];
    return { path: route, files, gzip: gzipOf(dir, files), maxGzip };
  });
  const assets = path.join(dir, 'client', 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const carrying = (pattern) => scripts.find((file) => pattern.test(readFileSync(path.join(assets, file), 'utf8'))) ?? null;
  return {
    routes,
    renderer: {
      // React DOM's production client registers itself with React's devtools hook under this name,
      // beside its reconciler's version.
      react: carrying(/rendererPackageName:\s*[`"']react-dom[`"'][\s\S]*reconcilerVersion:\s*[`"']19\./),
      preact: carrying(/preact|__PREACT_DEVTOOLS__/),
    },
  };
}

/** One line per route over its budget. */
export function overBudget(routes) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return routes.filter((route) => route.gzip > route.maxGzip).map((route) => `${route.path} loads ${kb(route.gzip)} gzip of scripts, over its budget of ${kb(route.maxGzip)}`);
}
