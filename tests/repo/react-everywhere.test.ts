/**
 * React 19 renders every build: development, tests and production
 * (docs/decisions/0077-react-in-every-build.md). Nothing may resolve React's packages to another
 * renderer: no alias in Vite's or Vitest's resolved configuration, and no dependency that could
 * stand in for it. The built scripts are checked too, by scripts/check-build.mjs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, type Alias } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const REACT_IDS = ['react', 'react-dom', 'react-dom/client', 'react-dom/server', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

function aliasesOf(alias: readonly Alias[]): string[] {
  return REACT_IDS.filter((id) => alias.some(({ find }) => (typeof find === 'string' ? id === find || id.startsWith(`${find}/`) : find.test(id))));
}

describe('React is React everywhere', () => {
  it.each([
    ['vite build', 'vite.config.ts', 'build'],
    ['vite dev', 'vite.config.ts', 'serve'],
    ['vitest', 'vitest.config.ts', 'serve'],
  ] as const)('%s resolves no React package through an alias', async (_label, configFile, command) => {
    const config = await resolveConfig({ root, configFile: path.join(root, configFile), logLevel: 'silent' }, command);
    // Aliases are one list for every environment (client, Worker, tests).
    expect(aliasesOf(config.resolve.alias)).toEqual([]);
  });

  it('depends on react and react-dom 19 and on no other renderer', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
    expect(dependencies.react).toMatch(/^\^?19\./);
    expect(dependencies['react-dom']).toMatch(/^\^?19\./);
    // An npm: alias may stand for another tool (the type check's TypeScript 7), never for a renderer.
    const renderer = /react|preact|inferno|nano-?jsx/;
    const standIns = Object.entries(dependencies).filter(
      ([name, version]) => /preact|inferno|nano-?jsx/.test(name) || (version.startsWith('npm:') && renderer.test(`${name} ${version}`)),
    );
    expect(standIns).toEqual([]);
    expect(JSON.stringify(manifest.overrides ?? {})).not.toMatch(/"react(-dom)?"\s*:/);
  });
});
