/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. wouter still
 * imports the shim for older Reacts; the build resolves the shim here (vite.config.ts) so the
 * entry does not carry its fallback implementation, which React 19 never runs.
 */
export { useSyncExternalStore } from 'react';
