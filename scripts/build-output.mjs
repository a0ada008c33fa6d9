// What the built app's routes load (dist/client), read from the files themselves: shared by the
// build check (scripts/check-build.mjs) and the bench (bench/edge.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

export const client = path.join(root, 'dist', 'client');
const assets = path.join(client, 'assets');

/** A script and every script it imports statically, by file name in assets/. */
function staticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(assets, file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticImports(match[1], seen);
  return seen;
}

const gzipOf = (files) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0);

/** The entry script index.html starts. */
function entryScript() {
  const html = readFileSync(path.join(client, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/client/index.html names no entry script');
  return entry;
}

/**
 * The scripts each first-screen route loads, with their gzip bytes, and which files carry React's
 * client renderer or Preact.
 */
export function routeScripts() {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const landing = staticImports(entryScript());
  const galleryChunk = files.find((file) => /^GalleryPage-.*\.js$/.test(file));
  const gallery = galleryChunk ? staticImports(galleryChunk, new Set(landing)) : landing;
  const routes = [
    { path: '/', files: [...landing] },
    { path: '/gallery', files: [...gallery] },
  ].map((route) => ({ ...route, gzip: gzipOf(route.files) }));
  const carrying = (pattern) => files.find((file) => pattern.test(readFileSync(path.join(assets, file), 'utf8'))) ?? null;
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
