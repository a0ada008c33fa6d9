/**
 * The app's style sheets are flat, and their media queries take effect.
 * - No rule inside another rule. The app writes no CSS nesting, so a nested rule is a brace left
 *   out, which silently scopes every rule after it under the one left open (the project page's
 *   share panel lost its width that way, nested under a failed job's rule); postcss refuses a file
 *   that ends inside an open rule. At-rules (@media, @keyframes) hold rules as they should.
 * - No @media block sets what a plain rule for the same selector sets again further down the file:
 *   at the same specificity the later rule wins, so the query's value never applies (the review
 *   page's download buttons stayed right-aligned under a header stacked to the left on a phone).
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

/**
 * Each declaration a @media block makes for a selector that a plain rule later in the same file
 * sets again: the later rule wins at the same specificity, so the media query's value never applies.
 */
function overriddenMediaDeclarations(file: string, css: string): string[] {
  const found: string[] = [];
  const nodes = postcss.parse(css, { from: file }).nodes;
  nodes.forEach((node, index) => {
    if (node.type !== 'atrule' || node.name !== 'media') return;
    node.walkRules((rule) => {
      rule.walkDecls((declaration) => {
        const later = nodes.slice(index + 1).some(
          (other) => other.type === 'rule' && other.selector === rule.selector && other.some((child) => child.type === 'decl' && child.prop === declaration.prop),
        );
        if (later) found.push(`${path.relative(root, file)}:${declaration.source?.start?.line ?? 0} ${rule.selector} ${declaration.prop}`);
      });
    });
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

  it('set nothing in a media query that a rule later in the file sets again', () => {
    expect(sheets.flatMap((file) => overriddenMediaDeclarations(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('would catch a media query overridden by a later rule', () => {
    const sheet = path.join(root, 'frontend/x.css');
    const css = '@media (max-width: 767px) {\n  .a {\n    gap: 0;\n    color: red;\n  }\n}\n\n.a {\n  gap: 8px;\n}\n';
    expect(overriddenMediaDeclarations(sheet, css)).toEqual(['frontend/x.css:3 .a gap']);
    expect(overriddenMediaDeclarations(sheet, '.a {\n  gap: 8px;\n}\n\n@media (max-width: 767px) {\n  .a {\n    gap: 0;\n  }\n}\n')).toEqual([]);
  });

  it('would catch a rule left open, last in its file or not', () => {
    const sheet = path.join(root, 'frontend/x.css');
    expect(() => nestedRules(sheet, '.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n')).toThrow(/Unclosed block/);
    expect(nestedRules(sheet, '.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n\n.c {\n  margin: 0;\n}\n}\n')).toEqual(['frontend/x.css:4 .b', 'frontend/x.css:8 .c']);
    expect(nestedRules(path.join(root, 'frontend/x.css'), '@media (max-width: 767px) {\n  .a {\n    margin: 0;\n  }\n}\n')).toEqual([]);
  });
});
