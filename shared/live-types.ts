/** The live connection's messages (GET /api/realtime), shared by the Worker and the app. */
import type { JobMessage } from './job-types';
import type { Plan } from './plans';

/**
 * Messages the LiveUpdates Durable Object sends down GET /api/realtime
 * (docs/decisions/0019-live-updates-durable-object.md).
 */
export type LiveMessage =
  | { type: 'profile'; credits: number; plan: Plan }
  | { type: 'generations' }
  /** A reviewer commented or decided, or the owner resolved a comment, on this project. */
  | { type: 'review'; projectId: string }
  /** A project was created, changed or deleted, or a generation moved: re-read the projects. */
  | { type: 'projects' }
  | JobMessage;
