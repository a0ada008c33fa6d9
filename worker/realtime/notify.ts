import type { Plan } from '../domain/plans';

/**
 * Tells a user's open tabs and devices what changed. Every place that changes credits, plan or
 * generations calls these after its write has landed; a failure to notify never fails the write.
 * The live-updates issue routes them to the user's LiveUpdates Durable Object.
 */
export async function notifyProfile(
  _env: Env,
  _userId: string,
  _profile: { credits: number; plan: Plan },
): Promise<void> {}

export async function notifyGenerations(_env: Env, _userId: string): Promise<void> {}
