import { BILLING_ADDRESS_MAX_CHARS, BILLING_NAME_MAX_CHARS } from '../limits';
import { PRODUCT_NAME } from './brand';

/**
 * Receipts and the billing details they print (docs/decisions/0092-receipts-and-refunds.md): our
 * texts, as the original product had no receipts.
 */
export const receiptMessages = {
  invalidGstin: 'Enter a valid 15-character GSTIN, or leave it empty.',
  stateNotGstin: 'The state must be the one your GSTIN is registered in.',
  unknownState: 'Choose a state from the list.',
  unprintable: 'Use Latin letters, digits and punctuation, as on your GST registration.',
  nameTooLong: `The name can have at most ${BILLING_NAME_MAX_CHARS} characters.`,
  addressTooLong: `The address can have at most ${BILLING_ADDRESS_MAX_CHARS} characters.`,
  emailSubject: (number: string) => `Your ${PRODUCT_NAME} receipt ${number}`,
  /** The receipt email's plain text; its HTML says the same (worker/payments/receipt-email.ts). */
  emailText: (receipt: { number: string; credits: number; amount: string; taxInvoice: boolean; test: boolean }) =>
    [
      `Thank you for buying ${receipt.credits} ${PRODUCT_NAME} credits for ₹${receipt.amount}.`,
      '',
      receipt.test
        ? `Your test receipt ${receipt.number} is attached. It was made in test mode: no payment was taken.`
        : receipt.taxInvoice
          ? `Your GST tax invoice ${receipt.number} is attached.`
          : `Your receipt ${receipt.number} is attached.`,
      'Every receipt is also on the Credits page of your account.',
    ].join('\n'),
} as const;
