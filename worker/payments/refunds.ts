/**
 * Refunds of paid orders in D1 (docs/decisions/0092-receipts-and-refunds.md). One batch records
 * the refund, writes its `purchase_refund` ledger row and takes the credits from the balance; the
 * refund id makes it happen once however often Razorpay delivers the event.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { d1Statement, type Database } from '../db/client';
import { paymentRefunds, type PaymentRefundRow } from '../db/payment-schema';
import { payments } from '../db/schema';
import { spaceBalance } from '../platform/space';
import { payerOf } from './queries';

export interface ProcessedRefund {
  refundId: string;
  orderId: string;
  paymentId: string;
  /** Paise refunded by this refund alone. */
  amount: number;
  refundedAt: number;
}

export interface RefundResult {
  /** True when this call took the credits back; false for a refund recorded before, or one that matches no paid order. */
  applied: boolean;
  refund: PaymentRefundRow | undefined;
  profile: Awaited<ReturnType<typeof spaceBalance>>;
}

/**
 * Records a refund of the order paid by `paymentId` and takes back the credits it paid for, in
 * one batch:
 * - the credits a refund is due are the order's credits in proportion to everything refunded so
 *   far, rounded down (so several partial refunds add up to the whole), less what earlier refunds
 *   were due; a refund that completes the amount is due the rest. The cast matters: D1 binds a
 *   JavaScript number as a REAL, so the division would otherwise keep its fraction;
 * - the credits taken are those due, but never more than the balance holds — the buyer's own, or
 *   the workspace pool's the order was for: credits already spent stay spent and the balance stops
 *   at zero (`credits_due − credits_taken` shows it);
 * - the ledger row, the balance and the refund's `applied_at` move only while it is still unset,
 *   so a second delivery, in parallel or later, changes nothing.
 */
export async function applyRefund(db: Database, refund: ProcessedRefund): Promise<RefundResult> {
  const { refundId, orderId, paymentId, amount } = refund;
  // The pool the order was bought for, when it was a workspace's: its refund comes out of that pool.
  const orderWorkspace = sql`(select workspace_id from payments where order_id = ${orderId})`;
  const [recorded, , , , appliedNow] = await db.$client.batch([
    // WHERE, not a bare SELECT, before ON CONFLICT: SQLite would read the ON as a join's.
    d1Statement(db, sql`
      insert into payment_refunds (refund_id, order_id, payment_id, user_id, amount, credits_due, credits_taken, refunded_at)
      select ${refundId}, claim.order_id, ${paymentId}, claim.user_id, ${amount}, claim.due, min(claim.due, claim.balance), ${refund.refundedAt}
      from (
        select p.order_id, p.user_id, coalesce(w.credits, u.credits) as balance,
          case when prior.refunded + ${amount} >= p.amount then p.credits - prior.due
               else max(0, min(p.credits - prior.due, cast(((prior.refunded + ${amount}) * p.credits) / p.amount as integer) - prior.due)) end as due
        from payments as p
        join users as u on u.id = p.user_id
        left join workspaces as w on w.id = p.workspace_id
        join (select coalesce(sum(amount), 0) as refunded, coalesce(sum(credits_due), 0) as due
              from payment_refunds where order_id = ${orderId}) as prior
        where p.order_id = ${orderId} and p.status = 'paid' and p.payment_id = ${paymentId}
      ) as claim
      where true
      on conflict (refund_id) do nothing`),
    d1Statement(db, sql`
      insert into credit_ledger (user_id, workspace_id, delta, reason, refund_id)
      select user_id, ${orderWorkspace}, -credits_taken, 'purchase_refund', refund_id from payment_refunds
      where refund_id = ${refundId} and applied_at is null and credits_taken > 0`),
    d1Statement(db, sql`
      update users set credits = credits - (select credits_taken from payment_refunds where refund_id = ${refundId})
      where id = (select user_id from payment_refunds where refund_id = ${refundId} and applied_at is null)
        and ${orderWorkspace} is null`),
    d1Statement(db, sql`
      update workspaces set credits = credits - (select credits_taken from payment_refunds where refund_id = ${refundId})
      where id = ${orderWorkspace}
        and exists (select 1 from payment_refunds where refund_id = ${refundId} and applied_at is null)`),
    d1Statement(db, sql`
      update payment_refunds set applied_at = cast(unixepoch('subsec') * 1000 as integer)
      where refund_id = ${refundId} and applied_at is null`),
  ]);
  const row = await db.select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId)).get();
  const order = row ? await db.select({ userId: payments.userId, workspaceId: payments.workspaceId }).from(payments).where(eq(payments.orderId, row.orderId)).get() : undefined;
  return {
    applied: (recorded?.meta.changes ?? 0) === 1 && (appliedNow?.meta.changes ?? 0) === 1,
    refund: row,
    profile: order ? await spaceBalance(db, payerOf(order)) : undefined,
  };
}

/** Every refund of these orders, oldest first. */
export async function refundsOf(db: Database, orderIds: string[]): Promise<PaymentRefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderId, orderIds)).orderBy(paymentRefunds.refundedAt, paymentRefunds.refundId);
}
