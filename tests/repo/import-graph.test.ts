/**
 * Imports form no circle (docs/decisions/0079-generation-lifecycle-module.md), including what the
 * lint's import-x/no-cycle does not follow: type-only imports (shared/'s type modules once
 * imported each other in a circle) and imports between the Worker's folders (jobs/ and studio/
 * once called each other back and forth).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file));
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('#shared/')) base = path.join('shared', specifier.slice('#shared/'.length));
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** Every import of every file (value and type-only alike), resolved to repository paths. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
      return [file, importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? [])];
    }),
  );
}

/** Strongly connected components with more than one node: each is a circle of imports. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = stack.splice(stack.indexOf(node));
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const graph = importGraph(['worker', 'shared', 'frontend'].flatMap(sourceFiles));

describe('the import graph', () => {
  it('has no circle of files, counting type-only imports', () => {
    const edges = new Map([...graph].map(([file, imports]) => [file, new Set(imports)]));
    expect(circles(edges)).toEqual([]);
  });

  it("has no circle between the Worker's folders", () => {
    const folderOf = (file: string) => file.split(path.sep).slice(0, 2).join('/');
    const edges = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      // worker/app.ts and worker/index.ts compose the features; they are no folder.
      if (!file.startsWith(`worker${path.sep}`) || file.split(path.sep).length < 3) continue;
      const from = folderOf(file);
      for (const target of imports) {
        if (!target.startsWith(`worker${path.sep}`) || folderOf(target) === from) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(folderOf(target)));
      }
    }
    expect(edges.size).toBeGreaterThan(5);
    expect(circles(edges)).toEqual([]);
  });
});
