/**
 * The decision records stay an index that can be trusted (docs/decisions/README.md): every record
 * says its status on a `Status:` line under its title, the README lists every record once, links
 * only to records that exist, and gives each the status the record itself states (Accepted,
 * Superseded, Replaced…). Checked on the real folder, and on a made-up one so the check is seen
 * to fail.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RECORD_NAME = /^\d{4}-[a-z0-9-]+\.md$/;

/** The status a record states: the `Status:` line before its first section, or null. */
function statusOf(text: string): string | null {
  const header = text.split(/^## /m)[0] ?? '';
  return /^Status: (\S.*)$/m.exec(header)?.[1] ?? null;
}

/** The first word of a status, which says whether the decision holds: Accepted, Superseded, Replaced… */
const standing = (status: string) => /^[A-Za-z]+/.exec(status)?.[0] ?? status;

/** Everything wrong with the records in `dir` and their index, one line each. */
function recordProblems(dir: string): string[] {
  const records = readdirSync(dir).filter((file) => RECORD_NAME.test(file)).sort();
  const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
  const listed = new Map<string, string[]>();
  for (const [, file, status] of index.matchAll(/^- \[[^\]]+\]\(([^)]+)\).*?Status: (.+)$/gm)) {
    if (file === undefined || status === undefined) continue;
    listed.set(file, [...(listed.get(file) ?? []), status]);
  }
  const problems: string[] = [];
  for (const file of records) {
    const status = statusOf(readFileSync(path.join(dir, file), 'utf8'));
    const entries = listed.get(file) ?? [];
    if (status === null) problems.push(`${file} has no Status: line under its title`);
    if (entries.length === 0) problems.push(`${file} is not listed in README.md (with its status)`);
    if (entries.length > 1) problems.push(`${file} is listed ${entries.length} times in README.md`);
    const [entry] = entries;
    if (status !== null && entry !== undefined && standing(entry) !== standing(status)) {
      problems.push(`${file} is ${standing(status)}, README.md says ${standing(entry)}`);
    }
  }
  for (const file of listed.keys()) if (!records.includes(file)) problems.push(`README.md lists ${file}, which is not a record here`);
  return problems;
}

let scratch = '';
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = '';
});

function folder(files: Record<string, string>): string {
  scratch = mkdtempSync(path.join(tmpdir(), 'parti-decisions-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(scratch, name), text);
  return scratch;
}

describe('the decision records', () => {
  it('each state a status, and the README lists each once with that status', () => {
    expect(recordProblems(path.join(root, 'docs', 'decisions'))).toEqual([]);
  });

  it('fail a record without a status, an unlisted record, a listed file that is no record and a status the README misstates', () => {
    const dir = folder({
      'README.md': [
        '# Decision records',
        '',
        '- [0001-kept.md](0001-kept.md) — Kept. Status: Accepted.',
        '- [0002-silent.md](0002-silent.md) — No status. Status: Accepted.',
        '- [0004-replaced.md](0004-replaced.md) — Replaced. Status: Accepted.',
        '- [0009-gone.md](0009-gone.md) — Gone. Status: Accepted.',
        '',
      ].join('\n'),
      '0001-kept.md': '# 0001. Kept\n\nStatus: Accepted\n\n## Context\n',
      // A Status line inside a section is not the record's status.
      '0002-silent.md': '# 0002. No status\n\n## Context\nStatus: Accepted\n',
      '0003-unlisted.md': '# 0003. Unlisted\n\nStatus: Accepted\n',
      '0004-replaced.md': '# 0004. Replaced\n\nStatus: Replaced by 0001\n',
    });
    expect(recordProblems(dir)).toEqual([
      '0002-silent.md has no Status: line under its title',
      '0003-unlisted.md is not listed in README.md (with its status)',
      '0004-replaced.md is Replaced, README.md says Accepted',
      'README.md lists 0009-gone.md, which is not a record here',
    ]);
  });
});
