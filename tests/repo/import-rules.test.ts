/**
 * The import rules bite (docs/decisions/0079-generation-lifecycle-module.md): ESLint, with the
 * blocks eslint.config.js takes from scripts/eslint-imports.mjs, fails a synthetic import cycle
 * and a Worker import that reaches past another feature's index.ts, and passes the allowed forms.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRules } from '../../scripts/eslint-imports.mjs';

const root = path.resolve(import.meta.dirname, '../..');

const FILES: Record<string, string> = {
  'worker/alpha/index.ts': "export { alpha } from './alpha';\n",
  // Reaches past beta's entry: an error. Its sibling and platform/ are allowed.
  'worker/alpha/alpha.ts': "import { beta } from '../beta/beta';\nimport { helper } from './helper';\nexport const alpha = beta + helper;\n",
  'worker/alpha/helper.ts': "import { clock } from '../platform/clock';\nexport const helper = clock;\n",
  'worker/beta/index.ts': "export { beta } from './beta';\n",
  'worker/beta/beta.ts': 'export const beta = 1;\n',
  // Through the entry: allowed.
  'worker/gamma/index.ts': "import { beta } from '../beta';\nexport const gamma = beta;\n",
  'worker/platform/clock.ts': 'export const clock = 2;\n',
  // A cycle of two value imports.
  'shared/one.ts': "import { two } from './two';\nexport const one = (): number => two();\n",
  'shared/two.ts': "import { one } from './one';\nexport const two = (): number => one();\n",
};

let dir = '';
let results: ESLint.LintResult[] = [];

function errorsOf(file: string): { ruleId: string | null; message: string }[] {
  const result = results.find((entry) => entry.filePath === path.join(dir, file));
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'parti-import-rules-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...importRules(dir)],
  });
  results = await eslint.lintFiles(['worker', 'shared']);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import rules', () => {
  it('fails an import cycle, at both ends', () => {
    expect(errorsOf('shared/one.ts')).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
    expect(errorsOf('shared/two.ts')).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
  });

  it("fails a Worker import that reaches past another feature's index.ts", () => {
    expect(errorsOf('worker/alpha/alpha.ts')).toEqual([
      { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining("through its public entry, '…/beta'") as string },
    ]);
  });

  it("passes a feature's entry, its own files and platform/", () => {
    expect(errorsOf('worker/gamma/index.ts')).toEqual([]);
    expect(errorsOf('worker/alpha/helper.ts')).toEqual([]);
    expect(errorsOf('worker/beta/beta.ts')).toEqual([]);
  });

  it('are the rules eslint.config.js applies to the Worker, shared/ and the app', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of ['worker/app.ts', 'shared/models.ts', 'frontend/app/App.tsx']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      expect(config.rules['import-x/no-cycle'], file).toEqual([2, expect.objectContaining({ ignoreExternal: true })]);
    }
    const worker = (await eslint.calculateConfigForFile('worker/app.ts')) as { rules: Record<string, unknown> };
    expect(worker.rules['import-x/no-restricted-paths']).toBeDefined();
  });
});
