/**
 * Charges and refunds of generations. D1 has no interactive transactions, so each is ONE batch
 * (one transaction): the ledger row and the balance change land together or not at all.
 */
import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/errors';
import type { Database } from './client';
import { creditLedger, users } from './schema';

function ledgerRowExists(generationId: string, reason: 'generation' | 'refund') {
  return sql`exists (select 1 from ${creditLedger} where ${creditLedger.generationId} = ${generationId} and ${creditLedger.reason} = ${reason})`;
}

/**
 * Takes `cost` credits for a generation if the balance covers it. The ledger row is inserted
 * only while `credits >= cost`, and the balance moves only if that row now exists; the unique
 * (generation_id, reason) index means a generation is charged at most once. Returns the new
 * balance, or null when the balance was too low (nothing changed).
 */
export async function chargeGeneration(
  db: Database,
  params: { userId: string; generationId: string; cost: number },
): Promise<number | null> {
  const { userId, generationId, cost } = params;
  const [inserted, , balance] = await db.batch([
    db.run(sql`insert into ${creditLedger} (user_id, delta, reason, generation_id)
      select ${userId}, ${-cost}, 'generation', ${generationId} from ${users}
      where ${users.id} = ${userId} and ${users.credits} >= ${cost}`),
    db.run(sql`update ${users} set credits = credits - ${cost}
      where ${users.id} = ${userId} and ${ledgerRowExists(generationId, 'generation')}`),
    db.select({ credits: users.credits }).from(users).where(sql`${users.id} = ${userId}`),
  ]);
  return inserted.meta.changes === 1 ? (balance[0]?.credits ?? 0) : null;
}

/**
 * Returns a generation's whole charge. The refund row is inserted only if the charge row
 * exists, and a second refund of the same generation violates the unique index, rolling the
 * batch back; so at most one refund, always with its ledger row. Returns the new balance, or
 * null if there was nothing (more) to refund.
 */
export async function refundGeneration(
  db: Database,
  params: { userId: string; generationId: string; credits: number },
): Promise<number | null> {
  const { userId, generationId, credits } = params;
  try {
    const [inserted, , balance] = await db.batch([
      db.run(sql`insert into ${creditLedger} (user_id, delta, reason, generation_id)
        select ${userId}, ${credits}, 'refund', ${generationId}
        where ${ledgerRowExists(generationId, 'generation')}`),
      db.run(sql`update ${users} set credits = credits + ${credits}
        where ${users.id} = ${userId} and ${ledgerRowExists(generationId, 'refund')}`),
      db.select({ credits: users.credits }).from(users).where(sql`${users.id} = ${userId}`),
    ]);
    return inserted.meta.changes === 1 ? (balance[0]?.credits ?? 0) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
