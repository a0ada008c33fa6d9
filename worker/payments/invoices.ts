/**
 * Receipts in D1 (docs/decisions/0092-receipts-and-refunds.md). A receipt is issued by two
 * statements that run inside a batch (one transaction): the series' counter moves on by one, and
 * the receipt row takes that number. Both run only while the order is paid by the payment named
 * and has no receipt yet, so a receipt is issued once per order, its number is never given twice,
 * and no number is skipped.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { d1Statement, type Database } from '../db/client';
import { invoices, type InvoiceRow, type NewInvoice } from '../db/payment-schema';

/** Everything a receipt prints, decided before its batch; the number is given inside it. */
export type InvoiceDraft = Omit<NewInvoice, 'series' | 'sequence' | 'number' | 'paidAt' | 'emailClaimedAt' | 'emailedAt'> & {
  /** `live:2026-27` or `test:2026-27`: numbers count up within one. */
  series: string;
  /** What the number starts with before its six digits: `2026-27/`, or `TEST-2026-27/`. */
  numberPrefix: string;
};

function issuable(draft: InvoiceDraft): SQL {
  return sql`from payments
    where payments.order_id = ${draft.orderId} and payments.status = 'paid' and payments.payment_id = ${draft.paymentId}
      and not exists (select 1 from invoices where invoices.order_id = ${draft.orderId})`;
}

/** The two statements that issue `draft`'s receipt, for a batch; nothing happens when it exists or the order is not paid by that payment. */
export function issueInvoiceStatements(db: Database, draft: InvoiceDraft): D1PreparedStatement[] {
  const sequence = sql`(select last_number from invoice_counters where series = ${draft.series})`;
  return [
    // WHERE, not a bare SELECT, before ON CONFLICT: SQLite would read the ON as a join's.
    d1Statement(db, sql`
      insert into invoice_counters (series, last_number) select ${draft.series}, 1 ${issuable(draft)}
      on conflict (series) do update set last_number = last_number + 1`),
    d1Statement(db, sql`
      insert into invoices (
        order_id, user_id, payment_id, series, sequence, number, issued_at, tax_invoice, test,
        supplier_name, supplier_address, supplier_gstin, supplier_state_code,
        customer_name, customer_email, customer_gstin, customer_address, place_of_supply,
        sac, description, credits, taxable_value, rate_basis_points, cgst, sgst, utgst, igst, round_off, total, paid_at)
      select
        ${draft.orderId}, ${draft.userId}, ${draft.paymentId}, ${draft.series}, ${sequence},
        printf('%s%06d', ${draft.numberPrefix}, ${sequence}), ${draft.issuedAt}, ${draft.taxInvoice ? 1 : 0}, ${draft.test ? 1 : 0},
        ${draft.supplierName}, ${draft.supplierAddress ?? null}, ${draft.supplierGstin ?? null}, ${draft.supplierStateCode ?? null},
        ${draft.customerName ?? null}, ${draft.customerEmail}, ${draft.customerGstin ?? null}, ${draft.customerAddress ?? null}, ${draft.placeOfSupply ?? null},
        ${draft.sac}, ${draft.description}, ${draft.credits}, ${draft.taxableValue}, ${draft.rateBasisPoints},
        ${draft.cgst}, ${draft.sgst}, ${draft.utgst}, ${draft.igst}, ${draft.roundOff}, ${draft.total}, payments.paid_at
      ${issuable(draft)}`),
  ];
}

/** Issues a receipt outside a grant: for an order paid before receipts existed. */
export async function issueInvoice(db: Database, draft: InvoiceDraft): Promise<void> {
  await db.$client.batch(issueInvoiceStatements(db, draft));
}

export async function findInvoice(db: Database, orderId: string): Promise<InvoiceRow | undefined> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).get();
}

/**
 * Claims the right to email the receipt: of any number of requests (checkout's confirmation, each
 * webhook delivery) exactly one gets it, until a failed send gives it back.
 */
export async function claimReceiptEmail(db: Database, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .update(invoices)
    .set({ emailClaimedAt: now })
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.emailClaimedAt), isNull(invoices.emailedAt)));
  return result.meta.changes === 1;
}

export async function markReceiptEmailed(db: Database, orderId: string, now: number): Promise<void> {
  await db.update(invoices).set({ emailedAt: now }).where(eq(invoices.orderId, orderId));
}

/** The send failed: the next request that grants (a webhook redelivery) may try again. */
export async function releaseReceiptEmail(db: Database, orderId: string): Promise<void> {
  await db.update(invoices).set({ emailClaimedAt: null }).where(and(eq(invoices.orderId, orderId), isNull(invoices.emailedAt)));
}
