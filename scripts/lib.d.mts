// Types of the script helpers the TypeScript tooling (playwright.config.ts, browser tests) imports.
export const root: string;
/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;
/** Applies the pending D1 migrations to the local state `wrangler dev --persist-to persistDir` opens. */
export function applyLocalMigrations(persistDir?: string): Promise<void>;
