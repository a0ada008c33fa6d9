/**
 * The caller's purchases (GET /api/payments/purchases): every paid order, newest first, with what
 * was paid, the refunds since and a link to its receipt (docs/decisions/0092-receipts-and-refunds.md).
 * Orders that never took money (abandoned, failed, expired) are not purchases.
 */
import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { CURRENCY, type Purchase, type PurchaseRefund, type PurchasesPage, type PurchaseStatus } from '#shared/payments';
import type { Database } from '../db/client';
import { invoices, type PaymentRefundRow } from '../db/payment-schema';
import { payments } from '../db/schema';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { PURCHASES_PAGE_SIZE } from '../platform/limits';
import type { SpaceRef } from '../platform/space';
import { refundsOf } from './refunds';
import { receiptUrl } from './receipts';

interface PurchasePosition {
  paidAt: number;
  orderId: string;
}

function isPurchasePosition(value: unknown): value is PurchasePosition {
  return isRecord(value) && isSafeInteger(value.paidAt) && typeof value.orderId === 'string';
}

function olderThan(position: PurchasePosition | null): SQL | undefined {
  if (!position) return undefined;
  return or(lt(payments.paidAt, position.paidAt), and(eq(payments.paidAt, position.paidAt), lt(payments.orderId, position.orderId)));
}

function toRefund(row: PaymentRefundRow): PurchaseRefund {
  return {
    refundId: row.refundId,
    amount: row.amount,
    creditsTaken: row.creditsTaken,
    creditsAlreadySpent: row.creditsDue - row.creditsTaken,
    refundedAt: new Date(row.refundedAt).toISOString(),
  };
}

function statusOf(amount: number, refunded: number): PurchaseStatus {
  if (refunded <= 0) return 'paid';
  return refunded >= amount ? 'refunded' : 'partially_refunded';
}

/** The orders of a space: the buyer's for their own balance, or every one for a workspace's pool. */
function boughtFor(space: SpaceRef): SQL | undefined {
  return space.workspaceId === null ? and(eq(payments.userId, space.userId), isNull(payments.workspaceId)) : eq(payments.workspaceId, space.workspaceId);
}

/** One page of the purchases of the caller's space; a damaged or forged cursor is a 400 naming `cursor`. */
export async function purchasesPage(db: Database, space: SpaceRef, signingSecret: string, cursor: string | undefined): Promise<PurchasesPage> {
  const after = cursor ? decodeCursor(cursor, isPurchasePosition) : null;
  const rows = await db
    .select({
      orderId: payments.orderId,
      paymentId: payments.paymentId,
      credits: payments.credits,
      amount: payments.amount,
      mode: payments.mode,
      paidAt: payments.paidAt,
      receiptNumber: invoices.number,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.orderId, payments.orderId))
    .where(and(boughtFor(space), eq(payments.status, 'paid'), olderThan(after)))
    .orderBy(desc(payments.paidAt), desc(payments.orderId))
    .limit(PURCHASES_PAGE_SIZE + 1);
  const page = rows.slice(0, PURCHASES_PAGE_SIZE);
  const refunds = await refundsOf(db, page.map((row) => row.orderId));
  const now = Date.now();
  const items = await Promise.all(
    page.map(async (row): Promise<Purchase> => {
      const own = refunds.filter((refund) => refund.orderId === row.orderId);
      const refundedAmount = own.reduce((sum, refund) => sum + refund.amount, 0);
      return {
        orderId: row.orderId,
        paymentId: row.paymentId ?? '',
        credits: row.credits,
        amount: row.amount,
        currency: CURRENCY,
        mode: row.mode,
        status: statusOf(row.amount, refundedAmount),
        paidAt: new Date(row.paidAt ?? 0).toISOString(),
        refundedAmount,
        refunds: own.map(toRefund),
        receipt: { url: await receiptUrl(signingSecret, row.orderId, now), number: row.receiptNumber },
      };
    }),
  );
  const last = page.at(-1);
  const nextCursor =
    rows.length > PURCHASES_PAGE_SIZE && last ? encodeCursor({ paidAt: last.paidAt ?? 0, orderId: last.orderId } satisfies PurchasePosition) : null;
  return { items, nextCursor };
}
