/** Helpers for the receipt, refund and cancel tests: test-mode purchases, the purchases list, the outbox, a receipt's text. */
import { env } from 'cloudflare:workers';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { vi } from 'vitest';
import type { PaymentGrantResponse, Purchase, PurchasesPage } from '#shared/payments';
import { call, json } from '../helpers';
import { createTestOrder } from './helpers';

/** A purchase completed in test mode the way the test checkout completes it (verify, then the webhook). */
export async function buyInTestMode(token: string, credits: number): Promise<PaymentGrantResponse & { status: 'paid' }> {
  const { orderId } = await createTestOrder(token, credits);
  const response = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId, outcome: 'paid' } });
  if (response.status !== 200) throw new Error(`test completion failed: ${response.status} ${await response.text()}`);
  return json(response);
}

export async function purchasesOf(token: string, cursor?: string): Promise<PurchasesPage> {
  const response = await call(`/api/payments/purchases${cursor ? `?cursor=${cursor}` : ''}`, { token });
  if (response.status !== 200) throw new Error(`purchases failed: ${response.status} ${await response.text()}`);
  return json(response);
}

export async function purchaseOf(token: string, orderId: string): Promise<Purchase> {
  const purchase = (await purchasesOf(token)).items.find((item) => item.orderId === orderId);
  if (!purchase) throw new Error(`no purchase ${orderId}`);
  return purchase;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; type: string; bytes: number }[];
  createdAt: string;
}

export async function outboxTo(address: string): Promise<OutboxMessage[]> {
  const response = await call('/api/dev/outbox');
  return (await json<{ messages: OutboxMessage[] }>(response)).messages.filter((message) => message.to === address);
}

/** Waits for the receipt email to `address` (it is sent after the answer). */
export async function receiptEmailsTo(address: string, count = 1): Promise<OutboxMessage[]> {
  return vi.waitFor(
    async () => {
      const messages = (await outboxTo(address)).filter((message) => message.subject.includes('receipt'));
      if (messages.length < count) throw new Error(`${messages.length} receipt emails so far`);
      return messages;
    },
    { timeout: 10_000 },
  );
}

/** The literal strings a PDF's pages draw (`(text) Tj`), unescaped, in drawing order. */
export async function pdfStrings(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const latin1 = new TextDecoder('windows-1252');
  const strings: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const text = latin1.decode(decodePDFRawStream(stream).decode());
      for (const match of text.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) strings.push((match[1] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return strings;
}

export async function receiptRow(orderId: string) {
  return env.DB.prepare('select * from invoices where order_id = ?').bind(orderId).first<Record<string, string | number | null>>();
}
