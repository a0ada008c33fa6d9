/**
 * Where the session hands over the profile (credits, plan) its answers carry, and where the
 * entry's screens read it: its one owner is the profile query (queries/profile.ts), but the session
 * store and the shell are in the entry, which must not load TanStack Query
 * (docs/decisions/0078-react-on-the-server.md, 0097-server-data-owners.md). The query cache
 * connects here when it is made (app/session.ts); until then the profile of the session's last
 * answer waits here, so the cache starts with it instead of asking GET /api/me again.
 */
import type { ApiUser } from '#shared/api-types';
import type { WorkspaceSummary } from '#shared/workspace-types';

/** What the profile query's cache offers the entry. */
export interface ProfileCache {
  /** Keeps a profile an auth answer carried, as its user's query data. */
  keep(profile: ApiUser): void;
  /** The query's data for `userId`, if it holds one. */
  read(userId: string): ApiUser | undefined;
  /**
   * The user's workspaces as their query holds them, if read: a workspace's pool and plan are the
   * rail's balance while the tab works in it (docs/decisions/0098-workspaces-app.md).
   */
  readWorkspaces(userId: string): WorkspaceSummary[] | undefined;
  /** Calls `onChange` whenever a profile or the workspaces in the cache change; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

let cache: ProfileCache | null = null;
/** The profile of the session's last answer, while no cache has taken it. */
let waiting: ApiUser | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** An answer started or renewed a session with `profile`, or (null) the session ended. */
export function profileAnswered(profile: ApiUser | null): void {
  if (cache && profile) cache.keep(profile);
  else waiting = profile;
}

/** The cache takes the waiting profile and every later one. Returns the function that disconnects it. */
export function connectProfileCache(next: ProfileCache): () => void {
  cache = next;
  const unsubscribe = next.subscribe(changed);
  if (waiting) next.keep(waiting);
  waiting = null;
  changed();
  return () => {
    unsubscribe();
    if (cache === next) cache = null;
    changed();
  };
}

export function subscribeToProfiles(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The profile the cache holds for `userId`, if a cache is connected and holds one. */
export function cachedProfile(userId: string): ApiUser | undefined {
  return cache?.read(userId);
}

/** The workspaces the cache holds for `userId`, if a cache is connected and has read them. */
export function cachedWorkspaces(userId: string): WorkspaceSummary[] | undefined {
  return cache?.readWorkspaces(userId);
}
