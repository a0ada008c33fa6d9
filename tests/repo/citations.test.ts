/**
 * Comments and docs cite only files that are in the repository: a comment that says "see
 * docs/api.md" or "worker/gallery/edge-cache.ts" must name a file a reader can open. Every path
 * under one of the repository's folders is checked — in the comments of TypeScript and JavaScript
 * files (read by TypeScript's parser, so strings and test fixtures are not comments), in
 * wrangler.toml's `#` comments, in the README and in docs/api.md. `docs/decisions/NNNN` alone names
 * the record with that number. The decision records themselves are history: they may name a file a
 * later change removed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository's own folders: a citation starts with one of them. */
const FOLDERS = ['docs', 'worker', 'shared', 'frontend', 'scripts', 'tests', 'bench', 'migrations'];
/** What the build, the bench and the tests write (.gitignore): cited as outputs, never in the repository. */
const GENERATED = ['bench/results/', 'test-results/', 'dist/'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.wrangler', 'test-results', 'results', '.git']);

const CITATION = new RegExp(
  String.raw`(?<![\w./@-])((?:${FOLDERS.join('|')})/[\w./-]*?(?:\.(?:md|ts|tsx|mjs|js|json|toml|sql|css|html|svg|png)\b|decisions/\d{4}(?![\w-])))`,
  'g',
);

/** Every comment of a TypeScript or JavaScript source, as the parser sees them. */
export function commentsOf(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

/** The paths `file`'s comments cite that are not in `base`: comments of code, `#` comments of TOML, all of Markdown. */
function brokenCitationsOf(base: string, file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // Most files cite nothing missing anywhere in their text; only the others are parsed for comments.
  if (missingCitations(base, [text]).length === 0) return [];
  if (/\.(ts|tsx|mjs|js)$/.test(file)) return missingCitations(base, commentsOf(file, text));
  if (file.endsWith('.toml')) return missingCitations(base, text.split('\n').filter((line) => line.trimStart().startsWith('#')));
  return missingCitations(base, [text]);
}

/** The paths `texts` cite that no file or folder of `base` answers. */
export function missingCitations(base: string, texts: string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const [, cited] of text.matchAll(CITATION)) {
      if (cited === undefined || GENERATED.some((folder) => cited.startsWith(folder))) continue;
      const record = /^docs\/decisions\/(\d{4})$/.exec(cited);
      const found = record
        ? readdirSync(path.join(base, 'docs', 'decisions')).some((name) => name.startsWith(`${record[1]}-`))
        : existsSync(path.join(base, cited));
      if (!found) missing.add(cited);
    }
  }
  return [...missing];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js|toml|md)$/.test(entry.name) ? [full] : [];
  });
}

describe('citations of repository files', () => {
  it('name only files that exist', () => {
    const files = [
      ...readdirSync(root).filter((name) => /\.(ts|mjs|js|toml|md)$/.test(name)).map((name) => path.join(root, name)),
      ...FOLDERS.filter((folder) => folder !== 'docs').flatMap((folder) => sourceFiles(path.join(root, folder))),
      path.join(root, 'docs', 'api.md'),
      path.join(root, 'docs', 'decisions', 'README.md'),
    ];
    const broken = files.flatMap((file) => brokenCitationsOf(root, file).map((cited) => `${path.relative(root, file)} cites ${cited}`));
    expect(broken).toEqual([]);
  });

  it('are read from comments, not from strings, and a missing file or record number is caught', () => {
    const source = [
      '// Cites docs/api.md and worker/app.ts, which exist, and docs/nowhere.md, which does not.',
      "const fixture = 'worker/alpha/index.ts'; // a string is no citation",
      '/** The record docs/decisions/0078 exists; docs/decisions/0999 does not; bench/results/x.json is an output. */',
      'const url = `https://example.com/docs/elsewhere.md`;',
    ].join('\n');
    expect(missingCitations(root, commentsOf('example.ts', source))).toEqual(['docs/nowhere.md', 'docs/decisions/0999']);
  });
});
