// Lint for the whole repository: typescript-eslint's recommended rules, React's hooks rules for the
// app, Node globals for the scripts, and the import rules of scripts/eslint-imports.mjs (no import
// cycle; a Worker feature is imported only through its entry). The rules that need type
// information are oxlint's (.oxlintrc.json), on TypeScript 7: typescript-eslint built the four
// projects' programs again on TypeScript 5.9, most of the lint's time
// (docs/decisions/0099-type-aware-lint-on-typescript-7.md). `npm run lint` runs both.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importRules } from './scripts/eslint-imports.mjs';

export default defineConfig([
  globalIgnores(['dist', 'node_modules', '.wrangler', 'worker-configuration.d.ts', 'bench/results', 'test-results', 'playwright-report']),
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  ...importRules(import.meta.dirname),
  {
    files: ['frontend/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A route's scripts carry only its own texts: the app imports each area's module
      // (docs/decisions/0078-react-on-the-server.md); the barrel is the Worker's.
      'no-restricted-imports': ['error', {
        paths: [{ name: '#shared/messages', message: "Import the area's module, e.g. '#shared/messages/gallery'." }],
      }],
    },
  },
  {
    // Tests read results they have just checked for; a failed `!` is a failed test.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright fixtures are requested by name for what they set up (a signed-in member), and a
    // worker fixture without dependencies must destructure `{}`.
    files: ['tests/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
]);
