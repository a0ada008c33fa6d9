/**
 * The owner's own generations (GET/PATCH/DELETE /api/generations…, the dashboard's data): their
 * listing, changes, deletion and lineage, and the owner's view of a generation (its version
 * fields) that projects reuse.
 */
export { generationRoutes } from './routes';
export { keysUnder } from './service';
export { referencesStillUsed } from './queries';
export { toVersionedItems, toVersionedRow, versionedColumns, type RawVersionedRow, type VersionedRow } from './versioned';
export { keepNameIfSameProject, nameVersionStatements } from './version-names';
export { versionRef } from './versioned';
