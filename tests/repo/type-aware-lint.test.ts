/**
 * The lint's type-aware half (docs/decisions/0099-type-aware-lint-on-typescript-7.md): oxlint runs
 * every rule of typescript-eslint's recommended type-checked set that eslint.config.js no longer
 * runs, with type information, and fails a synthetic project's floating promise and its unchecked
 * assignment of JSON.parse's untyped result.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');

/** .oxlintrc.json without its comments (JSONC). */
function oxlintConfig(): { options?: { typeAware?: boolean }; rules: Record<string, string> } {
  const text = readFileSync(path.join(root, '.oxlintrc.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text) as { options?: { typeAware?: boolean }; rules: Record<string, string> };
}

/** What this test reads of a rule: whether it needs type information. */
type RuleDocs = Record<string, { meta?: { docs?: { requiresTypeChecking?: boolean } } } | undefined>;

/** The rules typescript-eslint's recommended type-checked set turns on that need type information. */
function typedRecommendedRules(): string[] {
  // typescript-eslint types its plugin as ESLint's, whose rules it leaves unknown.
  const ruleDocs = (tseslint.plugin as { rules?: RuleDocs }).rules ?? {};
  const rules: Record<string, unknown> = {};
  for (const config of tseslint.configs.recommendedTypeChecked) Object.assign(rules, config.rules ?? {});
  return Object.entries(rules)
    .filter(([name, level]) => level !== 'off' && ruleDocs[name.replace('@typescript-eslint/', '')]?.meta?.docs?.requiresTypeChecking)
    .map(([name]) => name.replace('@typescript-eslint/', 'typescript/'))
    .sort();
}

let dir = '';
/** A strict project of its own, with the repository's .oxlintrc.json, made once for the tests below. */
function syntheticProject(): void {
  if (dir) return;
  dir = mkdtempSync(path.join(tmpdir(), 'parti-typed-lint-'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext' }, include: ['*.ts'] }));
  writeFileSync(path.join(dir, '.oxlintrc.json'), readFileSync(path.join(root, '.oxlintrc.json')));
}
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the type-aware lint', () => {
  it("runs typescript-eslint's recommended type-checked rules, with type information", () => {
    const config = oxlintConfig();
    expect(config.options?.typeAware).toBe(true);
    const on = Object.entries(config.rules)
      .filter(([, level]) => level === 'error')
      .map(([name]) => name)
      .sort();
    // require-await stays off: engines, Durable Object RPC methods and test doubles are async by contract.
    expect(on).toEqual(typedRecommendedRules().filter((name) => name !== 'typescript/require-await'));
  });

  it('fails a floating promise and an unchecked assignment of an untyped value in a project of its own', async () => {
    syntheticProject();
    writeFileSync(
      path.join(dir, 'bad.ts'),
      'export async function save(): Promise<void> {}\nexport function submit(): number {\n  save();\n  const parsed: number = JSON.parse("1");\n  return parsed;\n}\n',
    );
    writeFileSync(path.join(dir, 'good.ts'), 'export async function save(): Promise<void> {}\nexport async function submit(): Promise<void> {\n  await save();\n}\n');
    const outcome = await promisify(execFile)(oxlint, ['--format', 'unix', '.'], { cwd: dir }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(outcome.code).toBe(1);
    const findings = outcome.stdout.split('\n').filter((line) => line.includes('[Error/'));
    expect(findings).toEqual([
      expect.stringMatching(/^bad\.ts:3:\d+: .*\[Error\/typescript\(no-floating-promises\)\]$/),
      expect.stringMatching(/^bad\.ts:4:\d+: .*\[Error\/typescript\(no-unsafe-assignment\)\]$/),
    ]);
  });

  it("reports the compiler's own errors in the same pass, as `npm run check` (npm test's) runs it", async () => {
    const check = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.check;
    expect(check).toContain('oxlint --type-check');
    syntheticProject();
    writeFileSync(path.join(dir, 'mistyped.ts'), "export const area: number = '12 m²';\n");
    const outcome = await promisify(execFile)(oxlint, ['--type-check', '--format', 'unix', 'mistyped.ts'], { cwd: dir }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/^mistyped\.ts:1:\d+: .*TS2322.*$/m);
  });
});
