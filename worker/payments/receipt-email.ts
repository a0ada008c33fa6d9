/** The receipt email: a few words in text and HTML, the receipt's PDF attached (texts: shared/messages.ts). */
import { receiptMessages } from '#shared/messages';
import type { InvoiceRow } from '../db/payment-schema';
import type { OutgoingEmail } from '../email';
import { rupees } from './gst';
import { receiptFileName } from './receipt-pdf';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function receiptEmail(invoice: InvoiceRow, pdf: Uint8Array, appName: string): OutgoingEmail {
  const text = receiptMessages.emailText({
    number: invoice.number,
    credits: invoice.credits,
    amount: rupees(invoice.total),
    taxInvoice: invoice.taxInvoice,
    test: invoice.test,
  });
  const paragraphs = text
    .split('\n\n')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
  return {
    to: invoice.customerEmail,
    subject: receiptMessages.emailSubject(invoice.number),
    text,
    html: `<!doctype html>\n<html><body>\n${paragraphs}\n</body></html>`,
    attachments: [{ disposition: 'attachment', filename: receiptFileName(invoice, appName), type: 'application/pdf', content: pdf }],
  };
}
