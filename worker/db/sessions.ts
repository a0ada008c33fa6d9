/**
 * D1's Sessions API (docs/decisions/0045-read-replicas-and-bookmarks.md): every request reads and
 * writes through one D1 session, so its queries are sequentially consistent. The client sends the
 * newest bookmark it holds in `x-d1-bookmark` and gets the session's newest one back in the same
 * header, so a user always reads their own writes even when a replica answers.
 */

/** Bookmarks are opaque to us; anything else in the header is ignored rather than trusted. */
const BOOKMARK_PATTERN = /^[0-9a-zA-Z-]{1,128}$/;

/** Reads that may start on any replica: the gallery, the library and the profile. */
const REPLICA_READ_PATHS = ['/api/gallery', '/api/generations', '/api/likes', '/api/me'];

export function validBookmark(value: string | undefined): string | null {
  return value !== undefined && BOOKMARK_PATTERN.test(value) ? value : null;
}

/**
 * Where a request's session starts: after the client's bookmark when it sent one; otherwise
 * anywhere for the replica-safe reads, and on the primary for everything else (sign-in, token
 * rotation and payments must never read behind a write made from another tab).
 */
export function sessionStart(method: string, path: string, bookmark: string | null): string {
  const replicaSafe = method === 'GET' && REPLICA_READ_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (!replicaSafe) return 'first-primary';
  return bookmark ?? 'first-unconstrained';
}

/**
 * A D1Database whose statements run in `session`, for drizzle (which takes a database, not a
 * session). `exec` and `dump` are never used by the app's queries and go to the database itself.
 */
export function sessionDatabase(d1: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T = unknown>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => d1.exec(query),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
}
