/**
 * The space this tab works in (docs/decisions/0098-workspaces-app.md): the user's personal space or
 * one of their team workspaces. It is remembered per user in this browser and taken up the moment
 * that user signs in, before any screen asks the API for anything, so the first call already goes
 * to the right space. With ./session-space.ts it is all the entry holds of workspaces: the rail
 * reads it, the API client adds its `workspaceId`, and the code that switches, reads the workspace
 * and listens to it comes only when a signed-in user is in a workspace or opens the switcher. The
 * workspace itself (its name, pool, plan and the user's role) is the workspaces query's, not a copy here.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

export interface CurrentSpace {
  /** Null: the personal space. */
  workspaceId: string | null;
}

/**
 * The owner part of a cached list's key: the user's id in their personal space, the workspace's in
 * a workspace, so switching never shows one space's data in another, and the lists of a workspace
 * are one cache whoever's work fills them.
 */
export function spaceOwner(userId: string, workspaceId: string | null | undefined): string {
  return workspaceId ? `workspace:${workspaceId}` : userId;
}

/** Where the browser remembers a user's space. */
export const spaceStorageKey = (userId: string) => `parti.space.${userId}`;

function rememberedWorkspaceId(userId: string): string | null {
  try {
    return localStorage.getItem(spaceStorageKey(userId));
  } catch {
    // Storage refused (a privacy mode): every visit starts in the personal space.
    return null;
  }
}

export const spaceStore = createStore<CurrentSpace>(() => ({ workspaceId: null }));

/**
 * A user signs in (the tab's first, or another): their remembered space is taken up before the
 * session is, so nothing reads the previous one's. Null: signed out, in no space. Called by the
 * auth store (auth/store.ts), which this module does not import: the API client reads the space,
 * and the auth store loads the client.
 */
export function takeUpSpaceOf(userId: string | null): void {
  spaceStore.setState({ workspaceId: userId ? rememberedWorkspaceId(userId) : null });
}

/** The workspace calls act in now; null: the personal space. */
export const currentWorkspaceId = (): string | null => spaceStore.getState().workspaceId;

/** The same in a component; a server render, and the hydration of its document, see the personal space. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(spaceStore.subscribe, currentWorkspaceId, () => null);
}
