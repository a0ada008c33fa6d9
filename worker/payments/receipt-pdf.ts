/**
 * A receipt as a one-page A4 PDF, made on the Worker with jsPDF, the library the board already
 * uses in the browser (docs/decisions/0092-receipts-and-refunds.md). It prints the fields CGST
 * Rules' rule 46 asks of a tax invoice when the supplier is registered, and says plainly when it
 * is not one. Amounts read "INR": the PDF's standard fonts have no rupee sign, and embedding a
 * font that has one would weigh more than the rest of the receipt's code.
 */
import { jsPDF } from 'jspdf';
import { gstState } from '#shared/gst';
import type { InvoiceRow } from '../db/payment-schema';
import { indianDate, rupees } from './gst';

const PAGE = { width: 210, margin: 20 } as const;
const CONTENT_RIGHT = PAGE.width - PAGE.margin;
const INK: [number, number, number] = [29, 29, 27];
const INK_SOFT: [number, number, number] = [85, 83, 77];
const LINE: [number, number, number] = [190, 186, 178];

/** What the standard fonts cannot draw becomes '?': only the email can still hold such a character. */
function printable(text: string): string {
  return text.replace(/[^\n\x20-\x7E\xA1-\xFF]/g, '?');
}

function stateLabel(code: string | null): string | null {
  if (!code) return null;
  const state = gstState(code);
  return state ? `${state.name} (${code})` : code;
}

function title(invoice: InvoiceRow): string {
  if (invoice.test) return 'Test receipt';
  return invoice.taxInvoice ? 'Tax invoice' : 'Receipt';
}

function notice(invoice: InvoiceRow): string | null {
  if (invoice.test) return 'Made in test mode: no payment was taken. This receipt is not a tax invoice.';
  if (!invoice.taxInvoice) return 'This receipt is not a tax invoice: the supplier has no GSTIN on record, and no GST is charged.';
  return null;
}

/** GST was worked out: the supplier is registered (a test receipt shows what a real one would charge). */
function charged(invoice: InvoiceRow): boolean {
  return invoice.rateBasisPoints > 0;
}

/** The tax lines under the taxable value, each with its rate. */
function taxLines(invoice: InvoiceRow): [string, number][] {
  const rate = (share: number) => `${(invoice.rateBasisPoints * share) / 100}%`;
  const lines: [string, number][] = [];
  if (invoice.igst > 0) lines.push([`IGST @ ${rate(1)}`, invoice.igst]);
  if (invoice.cgst > 0) lines.push([`CGST @ ${rate(0.5)}`, invoice.cgst]);
  if (invoice.sgst > 0) lines.push([`SGST @ ${rate(0.5)}`, invoice.sgst]);
  if (invoice.utgst > 0) lines.push([`UTGST @ ${rate(0.5)}`, invoice.utgst]);
  if (invoice.roundOff !== 0) lines.push(['Round off', invoice.roundOff]);
  return lines;
}

class Sheet {
  y: number = PAGE.margin;

  constructor(readonly doc: jsPDF) {}

  font(size: number, style: 'normal' | 'bold' = 'normal', colour = INK): this {
    this.doc.setFont('helvetica', style).setFontSize(size).setTextColor(...colour);
    return this;
  }

  /** Lines of text from the top at `x`, wrapped to `width`; returns where they end. */
  lines(texts: string[], x: number, y: number, width: number, leading = 5): number {
    let at = y;
    for (const text of texts) {
      for (const line of this.doc.splitTextToSize(printable(text), width) as string[]) {
        this.doc.text(line, x, at);
        at += leading;
      }
    }
    return at;
  }

  rule(y: number): void {
    this.doc.setDrawColor(...LINE).setLineWidth(0.3).line(PAGE.margin, y, CONTENT_RIGHT, y);
  }

  /** A label on the left of the figures column and its amount right-aligned. */
  amount(label: string, paise: number, y: number, bold = false): void {
    this.font(10, bold ? 'bold' : 'normal');
    this.doc.text(label, 120, y);
    this.doc.text(rupees(paise), CONTENT_RIGHT, y, { align: 'right' });
  }
}

function header(sheet: Sheet, invoice: InvoiceRow): void {
  sheet.font(22, 'bold').doc.text(title(invoice), PAGE.margin, sheet.y + 6);
  const supplier = [invoice.supplierName, ...(invoice.supplierAddress?.split('\n') ?? [])];
  sheet.font(10, 'bold').doc.text(printable(invoice.supplierName), CONTENT_RIGHT, sheet.y + 2, { align: 'right' });
  sheet.font(9, 'normal', INK_SOFT);
  let right = sheet.y + 7;
  for (const line of supplier.slice(1)) {
    sheet.doc.text(printable(line), CONTENT_RIGHT, right, { align: 'right' });
    right += 4.5;
  }
  if (invoice.supplierGstin) {
    sheet.doc.text(`GSTIN ${invoice.supplierGstin}`, CONTENT_RIGHT, right, { align: 'right' });
    right += 4.5;
  }
  const explanation = notice(invoice);
  let left = sheet.y + 14;
  if (explanation) left = sheet.font(9, 'normal', INK_SOFT).lines([explanation], PAGE.margin, left, 95, 4.5);
  sheet.y = Math.max(left, right) + 4;
  sheet.rule(sheet.y);
  sheet.y += 8;
}

function facts(sheet: Sheet, invoice: InvoiceRow): void {
  const supply = stateLabel(invoice.placeOfSupply);
  const rows: [string, string][] = [
    [invoice.taxInvoice ? 'Invoice number' : 'Receipt number', invoice.number],
    [invoice.taxInvoice ? 'Invoice date' : 'Date', indianDate(invoice.issuedAt)],
    ['Paid', invoice.test ? `${indianDate(invoice.paidAt)}, in test mode` : `${indianDate(invoice.paidAt)} through Razorpay`],
    ['Payment', invoice.paymentId],
    ['Order', invoice.orderId],
    ...(supply ? ([['Place of supply', supply]] as [string, string][]) : []),
    ...(invoice.taxInvoice ? ([['Reverse charge', 'No']] as [string, string][]) : []),
  ];
  const top = sheet.y;
  sheet.font(9, 'bold', INK_SOFT).doc.text('BILLED TO', PAGE.margin, top);
  const customer = [
    invoice.customerName ?? invoice.customerEmail,
    ...(invoice.customerAddress?.split('\n') ?? []),
    ...(invoice.customerGstin ? [`GSTIN ${invoice.customerGstin}`] : []),
    ...(invoice.customerName ? [invoice.customerEmail] : []),
  ];
  const billedEnd = sheet.font(10).lines(customer, PAGE.margin, top + 6, 80);
  let at = top;
  for (const [label, value] of rows) {
    sheet.font(9, 'normal', INK_SOFT).doc.text(label, 112, at);
    sheet.font(9).doc.text(printable(value), CONTENT_RIGHT, at, { align: 'right' });
    at += 5;
  }
  sheet.y = Math.max(billedEnd, at) + 6;
}

function items(sheet: Sheet, invoice: InvoiceRow): void {
  const head = sheet.y;
  sheet.rule(head - 4);
  sheet.font(9, 'bold', INK_SOFT);
  sheet.doc.text('Description', PAGE.margin, head);
  sheet.doc.text('SAC', 108, head);
  sheet.doc.text('Quantity', 152, head, { align: 'right' });
  sheet.doc.text(charged(invoice) ? 'Taxable value (INR)' : 'Amount (INR)', CONTENT_RIGHT, head, { align: 'right' });
  sheet.rule(head + 3);
  const row = head + 9;
  sheet.font(10);
  const end = sheet.lines([invoice.description], PAGE.margin, row, 84);
  sheet.doc.text(invoice.sac, 108, row);
  sheet.doc.text(`${invoice.credits} credits`, 152, row, { align: 'right' });
  sheet.doc.text(rupees(invoice.taxableValue), CONTENT_RIGHT, row, { align: 'right' });
  sheet.rule(end);
  sheet.y = end + 7;
}

function totals(sheet: Sheet, invoice: InvoiceRow): void {
  if (charged(invoice)) {
    sheet.amount('Taxable value', invoice.taxableValue, sheet.y);
    sheet.y += 5.5;
  }
  for (const [label, paise] of taxLines(invoice)) {
    sheet.amount(label, paise, sheet.y);
    sheet.y += 5.5;
  }
  if (charged(invoice)) {
    sheet.doc.setDrawColor(...INK).setLineWidth(0.4).line(120, sheet.y - 2, CONTENT_RIGHT, sheet.y - 2);
    sheet.y += 3;
  }
  sheet.amount('Total paid (INR)', invoice.total, sheet.y, true);
  sheet.y += 14;
}

function footer(sheet: Sheet, invoice: InvoiceRow, appName: string): void {
  const lines = [
    `${invoice.credits} ${appName} credits were added to ${invoice.customerEmail} when this payment was captured.`,
    ...(invoice.taxInvoice ? ['This invoice was issued electronically and needs no signature.'] : []),
  ];
  sheet.font(9, 'normal', INK_SOFT).lines(lines, PAGE.margin, sheet.y, PAGE.width - 2 * PAGE.margin, 4.5);
}

/** The receipt's PDF bytes. */
export function receiptPdf(invoice: InvoiceRow, appName: string): Uint8Array<ArrayBuffer> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true, putOnlyUsedFonts: true });
  doc.setProperties({ title: `${title(invoice)} ${invoice.number}`, author: printable(invoice.supplierName), creator: appName });
  doc.setCreationDate(new Date(invoice.issuedAt));
  const sheet = new Sheet(doc);
  header(sheet, invoice);
  facts(sheet, invoice);
  items(sheet, invoice);
  totals(sheet, invoice);
  footer(sheet, invoice, appName);
  return new Uint8Array(doc.output('arraybuffer'));
}

/** `Parti-receipt-2026-27-000042.pdf`. */
export function receiptFileName(invoice: Pick<InvoiceRow, 'number'>, appName: string): string {
  return `${appName}-receipt-${invoice.number.replaceAll('/', '-')}.pdf`;
}
