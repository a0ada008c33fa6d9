/**
 * Charges and refunds of generations. D1 has no interactive transactions, so each is ONE batch
 * (one transaction): the ledger row and the balance change land together or not at all.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/errors';
import type { Database } from './client';
import { creditLedger, generations, users } from './schema';

function ledgerRowExists(generationId: string | SQL, reason: 'generation' | 'refund'): SQL {
  return sql`exists (select 1 from ${creditLedger} as other where other.generation_id = ${generationId} and other.reason = ${reason})`;
}

/** `insert into credit_ledger select …`: drizzle wants every column, in table order. */
function ledgerRowSelect(db: Database, row: { userId: string; delta: number; reason: 'generation' | 'refund'; generationId: string }) {
  return db
    .select({
      id: sql<number | null>`null`.as('id'),
      userId: sql<string>`${row.userId}`.as('user_id'),
      delta: sql<number>`${row.delta}`.as('delta'),
      reason: sql<string>`${row.reason}`.as('reason'),
      generationId: sql<string>`${row.generationId}`.as('generation_id'),
      paymentId: sql<null>`null`.as('payment_id'),
      note: sql<null>`null`.as('note'),
      createdAt: sql<number>`cast(unixepoch('subsec') * 1000 as integer)`.as('created_at'),
    })
    .from(users);
}

function balanceOf(db: Database, userId: string) {
  return db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
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
    db
      .insert(creditLedger)
      .select(
        ledgerRowSelect(db, { userId, delta: -cost, reason: 'generation', generationId }).where(
          and(eq(users.id, userId), sql`${users.credits} >= ${cost}`),
        ),
      ),
    db
      .update(users)
      .set({ credits: sql`${users.credits} - ${cost}` })
      .where(and(eq(users.id, userId), ledgerRowExists(generationId, 'generation'))),
    balanceOf(db, userId),
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
      db
        .insert(creditLedger)
        .select(
          ledgerRowSelect(db, { userId, delta: credits, reason: 'refund', generationId }).where(
            and(eq(users.id, userId), ledgerRowExists(generationId, 'generation')),
          ),
        ),
      db
        .update(users)
        .set({ credits: sql`${users.credits} + ${credits}` })
        .where(and(eq(users.id, userId), ledgerRowExists(generationId, 'refund'))),
      balanceOf(db, userId),
    ]);
    return inserted.meta.changes === 1 ? (balance[0]?.credits ?? 0) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export interface OrphanCharge {
  userId: string;
  generationId: string;
  credits: number;
}

/**
 * Charges that never became a generation: no generation row and no refund, older than the
 * cut-off. They are left behind when a Worker stops between the charge and the save.
 */
export async function findOrphanCharges(db: Database, chargedBefore: number, limit: number): Promise<OrphanCharge[]> {
  const rows = await db
    .select({ userId: creditLedger.userId, generationId: creditLedger.generationId, delta: creditLedger.delta })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.reason, 'generation'),
        sql`${creditLedger.createdAt} < ${chargedBefore}`,
        sql`not exists (select 1 from ${generations} where ${generations.id} = ${creditLedger.generationId})`,
        sql`not ${ledgerRowExists(sql`${creditLedger.generationId}`, 'refund')}`,
      ),
    )
    .limit(limit);
  return rows.flatMap((row) => (row.generationId ? [{ userId: row.userId, generationId: row.generationId, credits: -row.delta }] : []));
}
