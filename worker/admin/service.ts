/**
 * The operator's changes to a user (docs/decisions/0005-three-plans-enterprise-by-operator.md):
 * credits granted or taken with an 'operator' ledger row, and the plan, enterprise included.
 * This is the only way they change outside the product's own flows; `npm run admin` calls it
 * over HTTP, so every change goes through the Worker and reaches the user's open tabs at once.
 */
import { eq, ne, and, sql } from 'drizzle-orm';
import type { Plan } from '#shared/plans';
import { ledgerBalance, normaliseEmail } from '../auth';
import type { Database } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { AppError, isCheckViolation } from '../platform/errors';
import { notifyProfile } from '../platform/notify';

export interface AdminDeps {
  db: Database;
  env: Env;
}

export interface AdminUser {
  id: string;
  email: string;
  plan: Plan;
  credits: number;
  created_at: string;
  /** The sum of the user's ledger rows: equals `credits` unless something wrote around the ledger. */
  ledger_sum: number;
}

export interface AdminCreditsResult {
  user: AdminUser;
  /** The balance before this change, read in the same batch. */
  credits_before: number;
  delta: number;
}

export interface AdminPlanResult {
  user: AdminUser;
  plan_before: Plan;
  /** False when the user already had that plan: nothing was written and no one was told. */
  changed: boolean;
}

const nowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

const userColumns = {
  id: users.id,
  email: users.email,
  plan: users.plan,
  credits: users.credits,
  createdAt: users.createdAt,
};

type UserColumns = { id: string; email: string; plan: Plan; credits: number; createdAt: number };

async function findByEmail(db: Database, rawEmail: string): Promise<UserColumns> {
  const email = normaliseEmail(rawEmail);
  const user = await db.select(userColumns).from(users).where(eq(users.email, email)).get();
  if (!user) throw new AppError('not_found', `No user with the email ${email}.`, { field: 'email' });
  return user;
}

async function toAdminUser(db: Database, user: UserColumns): Promise<AdminUser> {
  return {
    id: user.id,
    email: user.email,
    plan: user.plan,
    credits: user.credits,
    created_at: new Date(user.createdAt).toISOString(),
    ledger_sum: await ledgerBalance(db, user.id),
  };
}

export async function showUser(deps: AdminDeps, email: string): Promise<AdminUser> {
  return toAdminUser(deps.db, await findByEmail(deps.db, email));
}

/**
 * Adds `delta` credits (negative takes them away) in ONE batch: the 'operator' ledger row and the
 * balance move together or not at all. The balance can never go below 0: the users table's check
 * constraint refuses it, which rolls the whole batch back, ledger row included, so even parallel
 * takes that each looked affordable on their own cannot overdraw.
 */
export async function changeCredits(
  deps: AdminDeps,
  email: string,
  change: { delta: number; note?: string | undefined },
): Promise<AdminCreditsResult> {
  const { db } = deps;
  const user = await findByEmail(db, email);
  const { delta } = change;
  let inserted: { meta: { changes: number } };
  let after: { credits: number; plan: Plan } | undefined;
  try {
    const [insertResult, , rows] = await db.batch([
      db.insert(creditLedger).select(
        db
          .select({
            id: sql<number | null>`null`.as('id'),
            userId: users.id,
            delta: sql<number>`${delta}`.as('delta'),
            reason: sql<string>`'operator'`.as('reason'),
            generationId: sql<null>`null`.as('generation_id'),
            paymentId: sql<null>`null`.as('payment_id'),
            note: sql<string | null>`${change.note ?? null}`.as('note'),
            createdAt: nowMs.as('created_at'),
            refundId: sql<null>`null`.as('refund_id'),
            workspaceId: sql<null>`null`.as('workspace_id'),
          })
          .from(users)
          .where(eq(users.id, user.id)),
      ),
      db
        .update(users)
        .set({ credits: sql`${users.credits} + ${delta}` })
        .where(eq(users.id, user.id)),
      db.select({ credits: users.credits, plan: users.plan }).from(users).where(eq(users.id, user.id)),
    ]);
    inserted = insertResult;
    after = rows[0];
  } catch (error) {
    if (!isCheckViolation(error)) throw error;
    const current = (await db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id)).get())?.credits ?? 0;
    throw new AppError(
      'conflict',
      `${user.email} has ${current} credit${current === 1 ? '' : 's'}; taking ${-delta} would go below 0. Nothing changed.`,
      { field: 'delta' },
    );
  }
  // The user was deleted between the read and the batch: both statements matched nothing.
  if (inserted.meta.changes !== 1 || !after) throw new AppError('not_found', `No user with the email ${user.email}.`, { field: 'email' });
  // notifyProfile never throws: the change has landed whether or not a tab hears of it.
  await notifyProfile(deps.env, user.id, after);
  return {
    user: await toAdminUser(db, { ...user, ...after }),
    credits_before: after.credits - delta,
    delta,
  };
}

/**
 * Sets the plan with one conditional statement that writes only when the plan differs, batched
 * after a read of the plan so the "before" it reports is the one the statement replaced.
 */
export async function changePlan(deps: AdminDeps, email: string, plan: Plan): Promise<AdminPlanResult> {
  const { db } = deps;
  const user = await findByEmail(db, email);
  const [before, updated] = await db.batch([
    db.select(userColumns).from(users).where(eq(users.id, user.id)),
    db
      .update(users)
      .set({ plan })
      .where(and(eq(users.id, user.id), ne(users.plan, plan)))
      .returning({ credits: users.credits, plan: users.plan }),
  ]);
  const current = before[0];
  if (!current) throw new AppError('not_found', `No user with the email ${user.email}.`, { field: 'email' });
  const after = updated[0];
  if (after) await notifyProfile(deps.env, user.id, after);
  return {
    user: await toAdminUser(db, { ...current, ...after }),
    plan_before: current.plan,
    changed: after !== undefined,
  };
}
