/**
 * Receipts (docs/decisions/0092-receipts-and-refunds.md): what one prints is decided here, before
 * the batch that grants the payment issues it; the PDF is made from the stored row whenever it is
 * asked for; the email goes out once, whichever of checkout and webhook granted.
 */
import { generalMessages } from '#shared/messages';
import type { Database } from '../db/client';
import type { InvoiceRow } from '../db/payment-schema';
import type { PaymentRow } from '../db/schema';
import type { EmailSender } from '../email';
import { hmacSha256Hex, verifyHmacSha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { SIGNED_URL_STEP_SECONDS, SIGNED_URL_TTL_SECONDS } from '../platform/limits';
import { customerOf } from './billing';
import type { Supplier } from './config';
import { financialYear, placeOfSupply, RECEIPT_SAC, taxBreakdown, taxKind } from './gst';
import { claimReceiptEmail, findInvoice, issueInvoice, markReceiptEmailed, releaseReceiptEmail, type InvoiceDraft } from './invoices';
import { receiptEmail } from './receipt-email';
import { receiptFileName, receiptPdf } from './receipt-pdf';
import { findPayment } from './queries';

/** The line a receipt bills: what the credits are for. */
function receiptDescription(appName: string): string {
  return `${appName} credits for AI image generation`;
}

/**
 * The receipt a payment of `order` gets if it is issued at `now`: the supplier and buyer as they
 * stand, the tax the place of supply calls for, the number's series (per mode and financial year).
 * Null when the account is gone.
 */
export async function receiptDraft(
  db: Database,
  supplier: Supplier,
  appName: string,
  order: PaymentRow,
  paymentId: string,
  now: number,
): Promise<InvoiceDraft | null> {
  const customer = await customerOf(db, order.userId);
  if (!customer) return null;
  const test = order.mode === 'test';
  const year = financialYear(now);
  const supply = placeOfSupply(customer.billing, supplier.stateCode);
  const tax = taxBreakdown(order.amount, taxKind(supplier.registered, supplier.stateCode, supply));
  return {
    orderId: order.orderId,
    userId: order.userId,
    paymentId,
    series: `${order.mode}:${year}`,
    numberPrefix: test ? `TEST-${year}/` : `${year}/`,
    issuedAt: now,
    taxInvoice: supplier.registered && !test,
    test,
    supplierName: supplier.name,
    supplierAddress: supplier.address,
    supplierGstin: supplier.gstin,
    supplierStateCode: supplier.stateCode,
    customerName: customer.billing.name,
    customerEmail: customer.email,
    customerGstin: customer.billing.gstin,
    customerAddress: customer.billing.address,
    placeOfSupply: supply,
    sac: RECEIPT_SAC,
    description: receiptDescription(appName),
    credits: order.credits,
    ...tax,
  };
}

/** The receipt of a paid order, issued now if it was paid before receipts existed; undefined for an unpaid order. */
async function ensureReceipt(db: Database, supplier: Supplier, appName: string, order: PaymentRow): Promise<InvoiceRow | undefined> {
  const existing = await findInvoice(db, order.orderId);
  if (existing || order.status !== 'paid' || !order.paymentId) return existing;
  const draft = await receiptDraft(db, supplier, appName, order, order.paymentId, Date.now());
  if (draft) await issueInvoice(db, draft);
  return findInvoice(db, order.orderId);
}

export interface ReceiptMailer {
  db: Database;
  sendEmail: EmailSender;
  appName: string;
}

/**
 * Emails the order's receipt, PDF attached, unless another request has (or is): the claim is one
 * conditional update. A failed send gives the claim back and rethrows, so a later delivery of the
 * webhook sends it instead.
 */
export async function sendReceiptOnce(mailer: ReceiptMailer, orderId: string, now = Date.now()): Promise<boolean> {
  if (!(await claimReceiptEmail(mailer.db, orderId, now))) return false;
  try {
    const invoice = await findInvoice(mailer.db, orderId);
    if (!invoice) throw new Error(`receipt ${orderId} vanished after its email was claimed`);
    await mailer.sendEmail(receiptEmail(invoice, receiptPdf(invoice, mailer.appName), mailer.appName));
    await markReceiptEmailed(mailer.db, orderId, Date.now());
    return true;
  } catch (error) {
    await releaseReceiptEmail(mailer.db, orderId);
    throw error;
  }
}

/**
 * The receipt PDF of an order for whoever may see it: its owner, or the holder of a valid link.
 * Anyone else, and an order that is not paid, gets the same 404 as an order that does not exist.
 */
export async function receiptDocument(
  db: Database,
  supplier: Supplier,
  appName: string,
  orderId: string,
  access: { userId: string | null; signedLink: boolean },
): Promise<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }> {
  const order = await findPayment(db, orderId);
  const allowed = order !== undefined && (access.signedLink || order.userId === access.userId);
  const receipt = allowed ? await ensureReceipt(db, supplier, appName, order) : undefined;
  if (!receipt) throw new AppError('not_found', generalMessages.notFound);
  return { pdf: receiptPdf(receipt, appName), fileName: receiptFileName(receipt, appName) };
}

// ---------- links ----------

function signedMessage(orderId: string, exp: number): string {
  return `receipt:${orderId}:${exp}`;
}

/**
 * `/api/payments/receipts/:orderId?exp=&sig=`: the receipt for whoever holds the link, for about
 * two hours. Only the owner is ever handed one (in their purchases list), and a plain link opens
 * in the browser's PDF viewer where a bearer token could not follow. The expiry sits on a
 * ten-minute grid, so a list read again soon after hands out the same link.
 */
export async function receiptUrl(secret: string, orderId: string, nowMs = Date.now()): Promise<string> {
  const slot = Math.floor(nowMs / 1000 / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
  const exp = slot + SIGNED_URL_TTL_SECONDS;
  const sig = await hmacSha256Hex(secret, signedMessage(orderId, exp));
  return `/api/payments/receipts/${encodeURIComponent(orderId)}?exp=${exp}&sig=${sig}`;
}

/** Checks a receipt link in constant time; an expired or foreign one is simply not valid. */
export async function validReceiptLink(secret: string, orderId: string, exp: number, sig: string, nowMs = Date.now()): Promise<boolean> {
  if (!secret || !Number.isSafeInteger(exp) || exp * 1000 <= nowMs) return false;
  return verifyHmacSha256Hex(secret, signedMessage(orderId, exp), sig);
}
