/**
 * The app's style sheets are flat: no rule inside another rule. The app does not write CSS
 * nesting, so a nested rule is a brace left out, which silently scopes every rule after it under
 * the one left open (and postcss refuses a file that ends inside one) (the share panel's width and spacing were lost that way, nested under a failed
 * job's border). At-rules (@media, @supports, @keyframes) hold rules as they should.
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Each rule written inside another rule, as "file:line selector". */
function nestedRules(file: string, css: string): string[] {
  const found: string[] = [];
  postcss.parse(css, { from: file }).walkRules((rule) => {
    if (rule.parent?.type === 'rule') found.push(`${path.relative(root, file)}:${rule.source?.start?.line ?? 0} ${rule.selector}`);
  });
  return found;
}

describe('the style sheets', () => {
  const sheets = globSync('frontend/**/*.css', { cwd: root }).map((file) => path.join(root, file));

  it('are found', () => {
    expect(sheets.length).toBeGreaterThan(20);
  });

  it('nest no rule inside another, which only an unclosed brace does here', () => {
    expect(sheets.flatMap((file) => nestedRules(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('would catch a rule left open, last in its file or not', () => {
    const sheet = path.join(root, 'frontend/x.css');
    expect(() => nestedRules(sheet, '.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n')).toThrow(/Unclosed block/);
    expect(nestedRules(sheet, '.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n\n.c {\n  margin: 0;\n}\n}\n')).toEqual(['frontend/x.css:4 .b', 'frontend/x.css:8 .c']);
    expect(nestedRules(path.join(root, 'frontend/x.css'), '@media (max-width: 767px) {\n  .a {\n    margin: 0;\n  }\n}\n')).toEqual([]);
  });
});
