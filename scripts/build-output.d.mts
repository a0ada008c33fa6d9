// Types of scripts/build-output.mjs for the TypeScript tests that import it.
export const dist: string;
export interface RouteScripts {
  path: string;
  files: string[];
  gzip: number;
  maxGzip: number;
}
export const ROUTE_BUDGETS: { path: string; screen: string; maxGzip: number }[];
export function routeScripts(dir?: string): { routes: RouteScripts[]; renderer: { react: string | null; preact: string | null } };
export function overBudget(routes: RouteScripts[]): string[];
