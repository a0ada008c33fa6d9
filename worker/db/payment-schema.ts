/**
 * What a purchase leaves behind besides its order (docs/decisions/0092-receipts-and-refunds.md):
 * the buyer's billing details, the receipt issued for it with its number, and its refunds. Apart
 * from the core schema in schema.ts; drizzle.config.ts reads this file too.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, payments, users } from './schema';

/** What the buyer wants on their receipts; every field optional. Copied onto each receipt as it is issued. */
export const billingDetails = sqliteTable('billing_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The legal name to bill, as on a GST registration. */
  name: text('name'),
  gstin: text('gstin'),
  /** Two-digit GST state code (shared/gst.ts): the place of supply when there is no GSTIN. */
  stateCode: text('state_code'),
  address: text('address'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The last number given in each series: `live:2026-27`, `test:2026-27`. A receipt takes the next
 * one in the batch that records it, so numbers run without gaps or repeats within a financial year.
 */
export const invoiceCounters = sqliteTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The receipt of a paid order, as issued: every figure and name it prints, never rewritten, so a
 * later change of the supplier's or the buyer's details leaves it as it was. Amounts in paise.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => payments.orderId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    /** As printed: `2026-27/000042`, or `TEST-2026-27/000042` in test mode. */
    number: text('number').notNull(),
    issuedAt: integer('issued_at').notNull(),
    /** A tax invoice needs the supplier's GSTIN, name and address configured; else it is a receipt that says it is not one. */
    taxInvoice: integer('tax_invoice', { mode: 'boolean' }).notNull(),
    test: integer('test', { mode: 'boolean' }).notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: text('supplier_address'),
    supplierGstin: text('supplier_gstin'),
    supplierStateCode: text('supplier_state_code'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email').notNull(),
    customerGstin: text('customer_gstin'),
    customerAddress: text('customer_address'),
    /** The state whose tax applies: the buyer's, or the supplier's when the buyer's is not known. */
    placeOfSupply: text('place_of_supply'),
    sac: text('sac').notNull(),
    description: text('description').notNull(),
    credits: integer('credits').notNull(),
    taxableValue: integer('taxable_value').notNull(),
    /** Hundredths of a percent: 1800 is 18 %; 0 on a receipt that is not a tax invoice. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    utgst: integer('utgst').notNull(),
    igst: integer('igst').notNull(),
    /** The paise the per-tax rounding leaves over, so the lines add up to what was paid. */
    roundOff: integer('round_off').notNull(),
    total: integer('total').notNull(),
    paidAt: integer('paid_at').notNull(),
    /** Set by whichever request claims the receipt email, so it goes out once; cleared if sending fails. */
    emailClaimedAt: integer('email_claimed_at'),
    emailedAt: integer('emailed_at'),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_series_sequence_unique').on(t.series, t.sequence),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_total_check', sql`${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.utgst} + ${t.igst} + ${t.roundOff} = ${t.total}`),
  ],
);

/**
 * A refund Razorpay processed for a paid order, by Razorpay's refund id (one row however often the
 * event comes). `credits_due` is what the refunded share of the payment bought; `credits_taken` is
 * what the balance could give back, never below zero; the rest had been spent.
 */
export const paymentRefunds = sqliteTable(
  'payment_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => payments.orderId, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    creditsDue: integer('credits_due').notNull(),
    creditsTaken: integer('credits_taken').notNull(),
    /** When Razorpay made the refund. */
    refundedAt: integer('refunded_at').notNull(),
    createdAt: createdAt(),
    /** Null only inside the batch that records it: the ledger row and the balance move while it is. */
    appliedAt: integer('applied_at'),
  },
  (t) => [
    index('payment_refunds_order_idx').on(t.orderId),
    check('payment_refunds_credits_check', sql`${t.creditsTaken} between 0 and ${t.creditsDue}`),
  ],
);

export type BillingDetailsRow = typeof billingDetails.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
