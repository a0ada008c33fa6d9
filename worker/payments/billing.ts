/**
 * The buyer's billing details (GET and PUT /api/payments/billing): optional, checked as a GST
 * portal would check them, and copied onto each receipt when it is issued
 * (docs/decisions/0092-receipts-and-refunds.md).
 */
import { eq } from 'drizzle-orm';
import { gstinStateCode, gstState, isValidGstin, normaliseGstin } from '#shared/gst';
import { BILLING_ADDRESS_MAX_CHARS, BILLING_NAME_MAX_CHARS } from '#shared/limits';
import { receiptMessages } from '#shared/messages';
import { isPrintableOnReceipt, plainPunctuation, type BillingDetails } from '#shared/payments';
import type { Database } from '../db/client';
import { billingDetails } from '../db/payment-schema';
import { users } from '../db/schema';
import { AppError } from '../platform/errors';

const NO_DETAILS: BillingDetails = { name: null, gstin: null, stateCode: null, address: null };

/** The fields as sent; absent, null and blank all mean none. */
export interface BillingInput {
  name?: string | null | undefined;
  gstin?: string | null | undefined;
  stateCode?: string | null | undefined;
  address?: string | null | undefined;
}

function printableText(value: string | null | undefined, field: 'name' | 'address', max: number, tooLong: string): string | null {
  // Line breaks only in the address; runs of spaces become one.
  const lines = plainPunctuation(value ?? '')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  const text = field === 'address' ? lines.join('\n') : lines.join(' ');
  if (text === '') return null;
  if (text.length > max) throw new AppError('invalid_request', tooLong, { field });
  if (!isPrintableOnReceipt(text)) throw new AppError('invalid_request', receiptMessages.unprintable, { field });
  return text;
}

/** Normalises and checks billing details; a GSTIN fixes the state, and a different state is refused. */
export function checkBillingDetails(input: BillingInput): BillingDetails {
  const name = printableText(input.name, 'name', BILLING_NAME_MAX_CHARS, receiptMessages.nameTooLong);
  const address = printableText(input.address, 'address', BILLING_ADDRESS_MAX_CHARS, receiptMessages.addressTooLong);
  const gstin = normaliseGstin(input.gstin ?? '') || null;
  if (gstin !== null && !isValidGstin(gstin)) throw new AppError('invalid_request', receiptMessages.invalidGstin, { field: 'gstin' });
  const chosenState = (input.stateCode ?? '').trim() || null;
  if (chosenState !== null && !gstState(chosenState)) throw new AppError('invalid_request', receiptMessages.unknownState, { field: 'stateCode' });
  if (gstin !== null && chosenState !== null && chosenState !== gstinStateCode(gstin)) {
    throw new AppError('invalid_request', receiptMessages.stateNotGstin, { field: 'stateCode' });
  }
  return { name, gstin, stateCode: gstin ? gstinStateCode(gstin) : chosenState, address };
}

export async function readBillingDetails(db: Database, userId: string): Promise<BillingDetails> {
  const row = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId)).get();
  return row ? { name: row.name, gstin: row.gstin, stateCode: row.stateCode, address: row.address } : NO_DETAILS;
}

export async function saveBillingDetails(db: Database, userId: string, details: BillingDetails, now = Date.now()): Promise<BillingDetails> {
  await db
    .insert(billingDetails)
    .values({ userId, ...details, updatedAt: now })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...details, updatedAt: now } });
  return details;
}

/** Who a receipt is made out to: the account's email and its billing details, read together. */
export async function customerOf(db: Database, userId: string): Promise<{ email: string; billing: BillingDetails } | undefined> {
  const row = await db
    .select({
      email: users.email,
      name: billingDetails.name,
      gstin: billingDetails.gstin,
      stateCode: billingDetails.stateCode,
      address: billingDetails.address,
    })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return undefined;
  return { email: row.email, billing: { name: row.name, gstin: row.gstin, stateCode: row.stateCode, address: row.address } };
}
