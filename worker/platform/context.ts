import type { Context } from 'hono';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';

/** A user as every feature may see it: never the password hash. */
export type PublicUser = Pick<UserRow, 'id' | 'email' | 'credits' | 'plan' | 'createdAt'>;

export interface AuthenticatedUser extends PublicUser {
  sessionId: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Database;
    /** Set by `requireUser` (always) and `optionalUser` (when a token is sent). */
    user: AuthenticatedUser | null;
  };
}

export type AppContext = Context<AppEnv>;

/** The client address Cloudflare saw, for throttling. */
export function clientIp(c: AppContext): string | null {
  return c.req.header('CF-Connecting-IP') ?? null;
}

/**
 * Keeps `task` running after the answer (ctx.waitUntil); its failure is logged, never thrown.
 * Without an execution context (the typed test client) the task simply runs.
 */
export function backgroundTasks(c: AppContext): (task: Promise<unknown>) => void {
  return (task) => {
    const logged = task.catch((error: unknown) => console.error('background task failed', error));
    try {
      c.executionCtx.waitUntil(logged);
    } catch {
      // no execution context: the task runs on its own
    }
  };
}
