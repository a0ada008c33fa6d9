/**
 * The build check fails `npm test` when a route's first visit loads more script than its budget
 * (scripts/check-build.mjs, docs/decisions/0078-react-on-the-server.md): checked here on a made-up
 * build output, so the rule is tested apart from today's figures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { overBudget, routeScripts } from '../../scripts/build-output.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build output whose files are random bytes (gzip cannot shrink them) of the given sizes in KB. */
function buildOutput(files: Record<string, number>, screens: Record<string, string[]>, entry: string[]): string {
  dir = mkdtempSync(path.join(tmpdir(), 'parti-budget-'));
  mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  for (const [file, kb] of Object.entries(files)) writeFileSync(path.join(dir, 'client', file), randomBytes(kb * 1024));
  const record = { entry, screens: Object.fromEntries(Object.entries(screens).map(([screen, scripts]) => [screen, { scripts, styles: [] }])) };
  writeFileSync(path.join(dir, 'screen-scripts.json'), JSON.stringify(record));
  return dir;
}

describe('the route budgets', () => {
  it('count the entry and the route’s screen, each shared file once, and pass within budget', () => {
    const output = buildOutput(
      { '/assets/index.js': 60, '/assets/landing.js': 20, '/assets/gallery.js': 30, '/assets/common.js': 2 },
      { landing: ['/assets/landing.js', '/assets/common.js'], gallery: ['/assets/gallery.js', '/assets/common.js'] },
      ['/assets/index.js'],
    );
    const { routes } = routeScripts(output);
    expect(routes.map((route) => [route.path, route.files.length])).toEqual([['/', 3], ['/gallery', 3]]);
    // Random bytes grow a little under gzip: 82 KB of them is just over 82 KB.
    expect(routes[0]!.gzip).toBeGreaterThan(82 * 1024);
    expect(overBudget(routes)).toEqual([]);
  });

  it('name every route over its budget', () => {
    const output = buildOutput(
      { '/assets/index.js': 70, '/assets/landing.js': 16, '/assets/gallery.js': 20 },
      { landing: ['/assets/landing.js'], gallery: ['/assets/gallery.js'] },
      ['/assets/index.js'],
    );
    const failures = overBudget(routeScripts(output).routes);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^\/ loads 86\.\d KB gzip of scripts, over its budget of 85\.0 KB$/);
  });
});
