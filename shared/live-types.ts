/** The live connection's messages (GET /api/realtime), shared by the Worker and the app. */
import type { JobMessage } from './job-types';
import type { Plan } from './plans';

/**
 * Messages the LiveUpdates Durable Object sends down GET /api/realtime
 * (docs/decisions/0019-live-updates-durable-object.md). A socket opened for a workspace
 * (`POST /api/realtime/ticket?workspaceId=`, docs/decisions/0096-workspaces.md) carries the
 * workspace's messages, each naming it: its pool, its members, its projects, its versions, its
 * client feedback and every member's jobs in it. A personal socket carries the personal space's
 * messages only.
 */
export type LiveMessage =
  | { type: 'profile'; credits: number; plan: Plan }
  | { type: 'generations'; workspaceId?: string }
  /** A reviewer commented or decided, or the owner resolved a comment, on this project. */
  | { type: 'review'; projectId: string; workspaceId?: string }
  /** A project was created, changed or deleted, or a generation moved: re-read the projects. */
  | { type: 'projects'; workspaceId?: string }
  /** The workspace's pool or plan changed. */
  | { type: 'workspace'; workspaceId: string; credits: number; plan: Plan }
  /** A member joined, left, was removed, or their role or cap changed; an invitation came or went. */
  | { type: 'members'; workspaceId: string }
  | JobMessage;

/**
 * Close codes of a live socket the client tells apart (worker/realtime/live-updates.ts): 4001
 * reconnect with a fresh token; 4000, 4002 and 4003 do not reconnect. 4003: the user was removed
 * from the socket's workspace (or left it).
 */
export const LIVE_CLOSE_CODES = { signedOut: 4000, tokenExpired: 4001, tooManySockets: 4002, removedFromWorkspace: 4003 } as const;
