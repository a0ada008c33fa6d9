// The import rules of eslint.config.js (docs/decisions/0079-generation-lifecycle-module.md), built
// for a root folder so tests/repo/import-rules.test.ts can prove them on a synthetic tree.
// - No import cycle in worker/, shared/ or frontend/ (import-x/no-cycle; it follows value
//   imports, and tests/repo/import-graph.test.ts adds type-only and folder cycles).
// - A Worker feature (a folder of worker/ other than the libraries below) is imported by the rest
//   of the Worker only through its public entry, its index.ts (import-x/no-restricted-paths).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** Worker folders any module may import file by file: infrastructure every feature builds on. */
export const WORKER_LIBRARIES = ['platform', 'db'];

/** The folders of `root`/worker that are features (each with an index.ts entry). */
export function workerFeatures(root) {
  return readdirSync(path.join(root, 'worker'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !WORKER_LIBRARIES.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Flat-config blocks for the files under `root`. */
export function importRules(root) {
  const extensions = ['.ts', '.tsx'];
  const zones = workerFeatures(root).map((feature) => ({
    // Everything in worker/ outside the feature itself: its own files import each other freely.
    target: [`./worker/!(${feature})/**/*`, './worker/*.ts'],
    from: `./worker/${feature}`,
    except: ['./index.ts'],
    message: `Import worker/${feature} through its public entry, '…/${feature}' (worker/${feature}/index.ts).`,
  }));
  return [
    {
      files: ['worker/**/*.ts', 'shared/**/*.ts', 'frontend/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': extensions,
        'import-x/parsers': { '@typescript-eslint/parser': extensions },
        'import-x/resolver-next': [createNodeResolver({ extensions })],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: ['worker/**/*.ts'],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
    },
  ];
}
