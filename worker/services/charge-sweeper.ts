/**
 * Gives back credits that were charged for a generation that never came to be. The generate
 * flow refunds its own failures; this catches the rest (a Worker stopped between the charge and
 * the save), so no credit vanishes and no image is left without a record.
 */
import type { Database } from '../db/client';
import { findOrphanCharges, refundGeneration } from '../db/credits';
import { findUserById } from '../db/users';
import { ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH } from '../domain/limits';
import type { Plan } from '../domain/plans';
import { keysUnder } from './generations-library';
import { mediaKeys } from './media-urls';

export interface SweepDeps {
  db: Database;
  media: R2Bucket;
  notifyProfile: (userId: string, profile: { credits: number; plan: Plan }) => Promise<void>;
  now?: () => number;
}

export interface SweepResult {
  refunded: number;
  credits: number;
}

export async function sweepOrphanCharges(deps: SweepDeps): Promise<SweepResult> {
  const now = deps.now?.() ?? Date.now();
  const orphans = await findOrphanCharges(deps.db, now - ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH);
  const result: SweepResult = { refunded: 0, credits: 0 };
  for (const orphan of orphans) {
    const keys = await keysUnder(deps.media, mediaKeys.generationPrefix(orphan.userId, orphan.generationId));
    if (keys.length > 0) await deps.media.delete(keys);
    const balance = await refundGeneration(deps.db, orphan);
    if (balance === null) continue; // refunded meanwhile by someone else
    result.refunded += 1;
    result.credits += orphan.credits;
    const user = await findUserById(deps.db, orphan.userId);
    if (user) await deps.notifyProfile(user.id, { credits: balance, plan: user.plan });
  }
  return result;
}
