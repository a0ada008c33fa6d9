// Types of scripts/eslint-imports.mjs for tests/repo/import-rules.test.ts.
import type { Linter } from 'eslint';

export const WORKER_LIBRARIES: string[];
export function workerFeatures(root: string): string[];
export function importRules(root: string): Linter.Config[];
