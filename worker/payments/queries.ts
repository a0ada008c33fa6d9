/**
 * Orders, their grants and the webhook events seen. D1 has no interactive transactions, so a
 * grant is ONE batch (one transaction): the ledger row, the balance and plan change and the
 * order's new status land together or not at all.
 */
import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { PLANS, planAfterPurchase } from '#shared/plans';
import type { Plan } from '#shared/plans';
import { isUniqueViolation } from '../platform/errors';
import { d1Statement, type Database } from '../db/client';
import { creditLedger, paymentEvents, payments, users, workspaces, type PaymentRow } from '../db/schema';
import { spaceBalance, type SpaceRef } from '../platform/space';
import { issueInvoiceStatements, type InvoiceDraft } from './invoices';

export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: Database, row: NewPayment): Promise<void> {
  await db.insert(payments).values(row);
}

/**
 * The user's newest open order for the same credits, in the same mode, for the same balance (their
 * own or a workspace's), made after `since`: the pricing page hands it out again instead of a
 * fresh order on every click.
 */
export async function findOpenOrder(
  db: Database,
  params: { userId: string; workspaceId: string | null; credits: number; mode: PaymentRow['mode']; since: number },
): Promise<PaymentRow | undefined> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, params.userId),
        params.workspaceId === null ? isNull(payments.workspaceId) : eq(payments.workspaceId, params.workspaceId),
        eq(payments.credits, params.credits),
        eq(payments.mode, params.mode),
        eq(payments.status, 'created'),
        gt(payments.createdAt, params.since),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .get();
}

/** The failure an order left open for a day is closed with; a checkout closed after it says so. */
export const EXPIRED_ORDER_REASON = 'expired: not paid within a day';

/**
 * Housekeeping: orders still open after `before` are closed as failed ('expired'). They are
 * kept, not deleted: a payment that still arrives for one grants as usual (grants skip only
 * paid orders).
 */
export async function expireOpenOrders(db: Database, before: number): Promise<number> {
  const result = await db
    .update(payments)
    .set({ status: 'failed', failureReason: EXPIRED_ORDER_REASON })
    .where(and(eq(payments.status, 'created'), lt(payments.createdAt, before)));
  return result.meta.changes;
}

export async function findPayment(db: Database, orderId: string): Promise<PaymentRow | undefined> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).get();
}

/** An order only its owner may verify or complete: another user's order reads as missing. */
export async function findOwnPayment(db: Database, orderId: string, userId: string): Promise<PaymentRow | undefined> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.userId, userId)))
    .get();
}

const now = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

function ledgerHasPayment(paymentId: string): SQL {
  return sql`exists (select 1 from ${creditLedger} where ${creditLedger.paymentId} = ${paymentId})`;
}

function orderUnpaid(orderId: string): SQL {
  return sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orderId} and ${payments.status} <> 'paid')`;
}

/** planAfterPurchase, spelled as SQL so the plan changes in the same statement as the balance. */
function planAfterPurchaseSql(plan: SQL): SQL {
  const cases = PLANS.map((before) => sql`when ${before} then ${planAfterPurchase(before)}`);
  return sql`case ${plan} ${sql.join(cases, sql` `)} else ${plan} end`;
}

/** The order's workspace, when it was bought for a workspace's pool. */
function orderWorkspace(orderId: string): SQL {
  return sql`(select ${payments.workspaceId} from ${payments} where ${payments.orderId} = ${orderId})`;
}

export interface GrantResult {
  /** True when this call added the credits; false when the order was paid before (or is unknown). */
  granted: boolean;
  order: PaymentRow | undefined;
  profile: { credits: number; plan: Plan } | undefined;
}

/**
 * Pays `orderId` with `paymentId`: adds the order's credits to the balance it was bought for (the
 * buyer's own, or a workspace's pool), moves that balance's plan from free to pro, writes the
 * 'purchase' ledger row, marks the order paid and issues its receipt (`receipt`, when given;
 * worker/payments/invoices.ts). Safe to call any number of times, in any order, in parallel: the
 * ledger row is inserted only while the order is unpaid, the balance moves only if that row now
 * exists and the order is still unpaid, the unique index on the ledger's payment_id rolls back
 * any second grant of the same payment, and a receipt is issued only for an order paid by this
 * payment that has none. An unknown order grants nothing to anyone.
 */
export async function grantPayment(
  db: Database,
  params: { orderId: string; paymentId: string; receipt: InvoiceDraft | null },
): Promise<GrantResult> {
  const { orderId, paymentId } = params;
  let granted = false;
  try {
    const [inserted] = await db.$client.batch([
      d1Statement(
        db,
        db
          .insert(creditLedger)
          .select(
            db
              .select({
                id: sql<number | null>`null`.as('id'),
                userId: payments.userId,
                delta: payments.credits,
                reason: sql<string>`'purchase'`.as('reason'),
                generationId: sql<null>`null`.as('generation_id'),
                paymentId: sql<string>`${paymentId}`.as('payment_id'),
                note: sql<string>`${`order ${orderId}`}`.as('note'),
                createdAt: now.as('created_at'),
                refundId: sql<null>`null`.as('refund_id'),
                workspaceId: payments.workspaceId,
              })
              .from(payments)
              .where(and(eq(payments.orderId, orderId), ne(payments.status, 'paid'))),
          )
          .getSQL(),
      ),
      d1Statement(
        db,
        db
          .update(users)
          .set({
            credits: sql`${users.credits} + (select ${payments.credits} from ${payments} where ${payments.orderId} = ${orderId})`,
            plan: planAfterPurchaseSql(sql`${users.plan}`),
          })
          .where(
            and(
              sql`${users.id} = (select ${payments.userId} from ${payments} where ${payments.orderId} = ${orderId})`,
              sql`${orderWorkspace(orderId)} is null`,
              ledgerHasPayment(paymentId),
              orderUnpaid(orderId),
            ),
          )
          .getSQL(),
      ),
      d1Statement(
        db,
        db
          .update(workspaces)
          .set({
            credits: sql`${workspaces.credits} + (select ${payments.credits} from ${payments} where ${payments.orderId} = ${orderId})`,
            plan: planAfterPurchaseSql(sql`${workspaces.plan}`),
          })
          .where(and(sql`${workspaces.id} = ${orderWorkspace(orderId)}`, ledgerHasPayment(paymentId), orderUnpaid(orderId)))
          .getSQL(),
      ),
      d1Statement(
        db,
        db
          .update(payments)
          .set({ status: 'paid', paymentId, paidAt: now, failureReason: null })
          .where(and(eq(payments.orderId, orderId), ne(payments.status, 'paid'), ledgerHasPayment(paymentId)))
          .getSQL(),
      ),
      ...(params.receipt ? issueInvoiceStatements(db, params.receipt) : []),
    ]);
    granted = inserted?.meta.changes === 1;
  } catch (error) {
    // The same payment id was granted already (for this or another order): nothing changed.
    if (!isUniqueViolation(error)) throw error;
  }
  const order = await findPayment(db, orderId);
  const profile = order ? await spaceBalance(db, payerOf(order)) : undefined;
  return { granted, order, profile };
}

/** Whose balance an order pays into: the buyer's own, or the workspace's pool it was bought for. */
export function payerOf(order: Pick<PaymentRow, 'userId' | 'workspaceId'>): SpaceRef {
  return { userId: order.userId, workspaceId: order.workspaceId };
}

/**
 * Notes a failed attempt on an order that is still open. A paid order stays paid: a failure
 * that arrives after the capture (webhooks come in any order) never takes credits back.
 */
export async function recordPaymentFailure(
  db: Database,
  params: { orderId: string; reason: string },
): Promise<boolean> {
  const result = await db
    .update(payments)
    .set({ status: 'failed', failureReason: params.reason.slice(0, 500) })
    .where(and(eq(payments.orderId, params.orderId), ne(payments.status, 'paid')));
  return result.meta.changes === 1;
}

export async function hasPaymentEvent(db: Database, eventId: string): Promise<boolean> {
  const row = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).get();
  return row !== undefined;
}

/** Records a webhook event by Razorpay's event id; a redelivery changes nothing. */
export async function recordPaymentEvent(
  db: Database,
  row: { eventId: string; event: string; orderId: string | null; paymentId: string | null },
): Promise<void> {
  await db.insert(paymentEvents).values(row).onConflictDoNothing();
}
