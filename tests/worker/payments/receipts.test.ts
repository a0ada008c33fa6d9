/**
 * Money the user can account for (issue 22, item 13): every paid order is listed with its rupee
 * amount and a receipt, numbered in sequence per financial year, printed as a GST tax invoice when
 * the supplier is configured, served to its owner only and emailed exactly once.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentGrantResponse } from '#shared/payments';
import { financialYear } from '../../../worker/payments/gst';
import { call, json, signUp } from '../helpers';
import { callIn, liveEnv, fakeRazorpay, signedCheckout, createTestOrder } from './helpers';
import { buyInTestMode, outboxTo, pdfStrings, purchaseOf, purchasesOf, receiptEmailsTo, receiptRow } from './receipt-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const SUPPLIER_GSTIN = '29AAGCB7383J1Z4';
const supplierEnv: Env = {
  ...liveEnv,
  INVOICE_SUPPLIER_NAME: 'Parti Studio Private Limited',
  INVOICE_SUPPLIER_ADDRESS: '12 Church Street\\nBengaluru 560001',
  INVOICE_SUPPLIER_GSTIN: SUPPLIER_GSTIN,
};

async function receiptBytes(url: string, token?: string): Promise<Response> {
  return call(url, token ? { token } : {});
}

/** A live purchase against the fake Razorpay, confirmed by checkout's signature, in `environment`. */
async function buyLive(environment: Env, token: string, credits: number): Promise<PaymentGrantResponse> {
  const order = await callIn(environment, '/api/payments/orders', { method: 'POST', token, body: { credits, amount: credits * 699 } });
  const { orderId } = await json<{ orderId: string }>(order);
  const paymentId = `pay_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`;
  const verified = await callIn(environment, '/api/payments/verify', { method: 'POST', token, body: await signedCheckout(orderId, paymentId) });
  expect(verified.status).toBe(200);
  return json(verified);
}

describe('the purchases list', () => {
  it('lists a paid order with the rupees paid in paise, the credits, the date, the status and its receipt', async () => {
    const { token } = await signUp();
    const grant = await buyInTestMode(token, 12);
    const page = await purchasesOf(token);
    expect(page.items).toHaveLength(1);
    const purchase = page.items[0]!;
    expect(purchase).toMatchObject({
      orderId: grant.orderId,
      paymentId: grant.paymentId,
      credits: 12,
      amount: 838_800,
      currency: 'INR',
      mode: 'test',
      status: 'paid',
      refundedAmount: 0,
      refunds: [],
    });
    expect(Date.now() - Date.parse(purchase.paidAt)).toBeLessThan(60_000);
    expect(purchase.receipt.number).toBe(`TEST-${financialYear(Date.now())}/${String((await receiptRow(grant.orderId))?.sequence).padStart(6, '0')}`);
    expect(purchase.receipt.url).toMatch(new RegExp(`^/api/payments/receipts/${grant.orderId}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    // Open, failed and other people's orders are not purchases.
    await createTestOrder(token, 3);
    const other = await signUp();
    await buyInTestMode(other.token, 1);
    expect((await purchasesOf(token)).items.map((item) => item.orderId)).toEqual([grant.orderId]);
  });

  it('pages newest first with a cursor', async () => {
    const { token, user } = await signUp();
    // Paid orders as a grant leaves them (the order route allows ten a minute per user).
    const orders = Array.from({ length: 22 }, (_, index) => `order_paged_${String(index).padStart(2, '0')}`);
    const paidAt = Date.now() - 60_000;
    await env.DB.batch(
      orders.map((orderId, index) =>
        env.DB.prepare("insert into payments (order_id, user_id, credits, amount, mode, status, payment_id, paid_at) values (?, ?, 1, 69900, 'test', 'paid', ?, ?)")
          // Two share a time: the order id breaks the tie.
          .bind(orderId, user.id, `pay_paged_${index}`, paidAt + Math.min(index, 20) * 1000),
      ),
    );
    const first = await purchasesOf(token);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await purchasesOf(token, first.nextCursor ?? '');
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.orderId)).toEqual([...orders].reverse());
    expect(second.items.at(-1)).toMatchObject({ paymentId: 'pay_paged_0', amount: 69_900, status: 'paid', receipt: { number: null } });
    expect((await call('/api/payments/purchases?cursor=forged', { token })).status).toBe(400);
  });
});

describe('a receipt', () => {
  it('is a PDF for its owner, by the signed link or the owner\'s token, and a 404 for anyone else', async () => {
    const { token } = await signUp();
    const { orderId } = await buyInTestMode(token, 5);
    const { receipt } = await purchaseOf(token, orderId);

    const bySignedLink = await receiptBytes(receipt.url);
    expect(bySignedLink.status).toBe(200);
    expect(bySignedLink.headers.get('Content-Type')).toBe('application/pdf');
    expect(bySignedLink.headers.get('Content-Disposition')).toBe(`inline; filename="Parti-receipt-${receipt.number?.replaceAll('/', '-')}.pdf"`);
    expect(bySignedLink.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await bySignedLink.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfStrings(bytes);
    expect(text).toEqual(expect.arrayContaining(['Test receipt', receipt.number, '3,495.00', '5 credits', '998314']));
    expect(text.join(' ')).toContain('no payment was taken');

    const bare = `/api/payments/receipts/${orderId}`;
    expect((await receiptBytes(bare, token)).status).toBe(200);
    const stranger = await signUp();
    expect((await receiptBytes(bare, stranger.token)).status).toBe(404);
    expect((await receiptBytes(bare)).status).toBe(404);
    const url = new URL(receipt.url, 'https://parti.test');
    const sig = url.searchParams.get('sig') ?? '';
    const exp = Number(url.searchParams.get('exp'));
    const forged = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect((await receiptBytes(`${bare}?exp=${exp}&sig=${forged}`)).status).toBe(404);
    expect((await receiptBytes(`${bare}?exp=soon&sig=not-hex`)).status).toBe(404);
    // A link signed for one order opens no other.
    const { orderId: otherOrder } = await buyInTestMode(stranger.token, 1);
    expect((await receiptBytes(`/api/payments/receipts/${otherOrder}?exp=${exp}&sig=${sig}`)).status).toBe(404);
    expect((await receiptBytes(`/api/payments/receipts/order_unknown?exp=${exp}&sig=${sig}`)).status).toBe(404);
    // An open order has no receipt, not even for its owner.
    const open = await createTestOrder(token, 2);
    expect((await receiptBytes(`/api/payments/receipts/${open.orderId}`, token)).status).toBe(404);
  });

  it('stops opening by its link once the link has expired', async () => {
    const { token } = await signUp();
    const { orderId } = await buyInTestMode(token, 1);
    const { receipt } = await purchaseOf(token, orderId);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 1000);
      expect((await receiptBytes(receipt.url)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is emailed once, PDF attached, though checkout and the webhook both granted and both came again', async () => {
    const { token, email } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 7);
    const [message] = await receiptEmailsTo(email);
    const { receipt } = await purchaseOf(token, orderId);
    expect(message?.subject).toBe(`Your Parti receipt ${receipt.number}`);
    expect(message?.text).toContain('7 Parti credits for ₹4,893.00');
    expect(message?.attachments).toEqual([
      { filename: `Parti-receipt-${receipt.number?.replaceAll('/', '-')}.pdf`, type: 'application/pdf', bytes: expect.any(Number) as number },
    ]);
    expect(message?.attachments[0]?.bytes).toBeGreaterThan(1000);
    // Checkout confirmed again, twice at once: still one email.
    const again = await signedCheckout(orderId, paymentId);
    await Promise.all([1, 2].map(() => call('/api/payments/verify', { method: 'POST', token, body: again })));
    expect(await receiptRow(orderId)).toMatchObject({ emailed_at: expect.any(Number) as number });
    expect((await outboxTo(email)).filter((sent) => sent.subject.includes('receipt'))).toHaveLength(1);
  });

  it('takes the next number of its financial year, once per order, with no gap, however many are paid at once', async () => {
    const buyers = await Promise.all([1, 2, 3, 4].map(() => signUp()));
    const grants = await Promise.all(buyers.flatMap(({ token }) => [buyInTestMode(token, 1), buyInTestMode(token, 2)]));
    const series = `test:${financialYear(Date.now())}`;
    const counts = await env.DB.prepare('select count(*) as issued, count(distinct sequence) as distinctNumbers, max(sequence) as last from invoices where series = ?')
      .bind(series)
      .first<{ issued: number; distinctNumbers: number; last: number }>();
    expect(counts?.issued).toBe(counts?.distinctNumbers);
    expect(counts?.last).toBe(counts?.issued);
    expect(await env.DB.prepare('select last_number from invoice_counters where series = ?').bind(series).first('last_number')).toBe(counts?.last);
    for (const grant of grants) expect((await receiptRow(grant.orderId))?.number).toMatch(/^TEST-\d{4}-\d{2}\/\d{6}$/);
  });

  it('is issued on first download for an order paid before receipts existed', async () => {
    const { token } = await signUp();
    const { orderId } = await buyInTestMode(token, 2);
    const before = await receiptRow(orderId);
    await env.DB.prepare('delete from invoices where order_id = ?').bind(orderId).run();
    expect((await purchaseOf(token, orderId)).receipt.number).toBeNull();
    const response = await receiptBytes(`/api/payments/receipts/${orderId}`, token);
    expect(response.status).toBe(200);
    const after = await receiptRow(orderId);
    expect(after?.sequence).toBeGreaterThan(Number(before?.sequence));
    expect((await purchaseOf(token, orderId)).receipt.number).toBe(after?.number);
  });
});

describe('a tax invoice', () => {
  it('is a GST tax invoice with CGST and SGST when the buyer is in the supplier\'s state, and keeps the details it was issued with', async () => {
    fakeRazorpay();
    const { token } = await signUp();
    const saved = await callIn(supplierEnv, '/api/payments/billing', {
      method: 'PUT',
      token,
      body: { name: 'Studio Verandah LLP', gstin: ' 29aabct1332l1za ', address: '4 Lavelle Road\nBengaluru 560001', stateCode: null },
    });
    expect(await json(saved)).toEqual({ name: 'Studio Verandah LLP', gstin: '29AABCT1332L1ZA', stateCode: '29', address: '4 Lavelle Road\nBengaluru 560001' });
    const { orderId } = await buyLive(supplierEnv, token, 1);

    expect(await receiptRow(orderId)).toMatchObject({
      tax_invoice: 1,
      test: 0,
      number: expect.stringMatching(new RegExp(`^${financialYear(Date.now())}/\\d{6}$`)) as string,
      supplier_gstin: SUPPLIER_GSTIN,
      customer_gstin: '29AABCT1332L1ZA',
      place_of_supply: '29',
      sac: '998314',
      total: 69_900,
      taxable_value: 59_238,
      cgst: 5331,
      sgst: 5331,
      igst: 0,
      round_off: 0,
    });
    const pdf = await receiptBytes(`/api/payments/receipts/${orderId}`, token);
    const text = await pdfStrings(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toEqual(
      expect.arrayContaining([
        'Tax invoice',
        'Parti Studio Private Limited',
        'Bengaluru 560001',
        `GSTIN ${SUPPLIER_GSTIN}`,
        'Studio Verandah LLP',
        'GSTIN 29AABCT1332L1ZA',
        'Karnataka (29)',
        '998314',
        'CGST @ 9%',
        'SGST @ 9%',
        '592.38',
        '53.31',
        '699.00',
        'No',
      ]),
    );

    // Later details change later receipts only.
    await callIn(supplierEnv, '/api/payments/billing', { method: 'PUT', token, body: { name: 'Another Name', gstin: '27AAPFU0939F1ZV' } });
    expect(await receiptRow(orderId)).toMatchObject({ customer_name: 'Studio Verandah LLP', customer_gstin: '29AABCT1332L1ZA' });
    const { orderId: later } = await buyLive(supplierEnv, token, 1);
    expect(await receiptRow(later)).toMatchObject({ customer_name: 'Another Name', place_of_supply: '27', igst: 10_663, cgst: 0, taxable_value: 59_237 });
  });

  it('charges IGST across states, takes the buyer\'s chosen state without a GSTIN, and the supplier\'s state when none is known', async () => {
    fakeRazorpay();
    const across = await signUp();
    await callIn(supplierEnv, '/api/payments/billing', { method: 'PUT', token: across.token, body: { stateCode: '33' } });
    const acrossOrder = (await buyLive(supplierEnv, across.token, 100)).orderId;
    expect(await receiptRow(acrossOrder)).toMatchObject({ place_of_supply: '33', igst: expect.any(Number) as number, cgst: 0, total: 6_990_000 });
    expect(await receiptRow(acrossOrder)).toMatchObject({ taxable_value: 5_923_729, igst: 1_066_271 });

    const unknown = await signUp();
    const unknownOrder = (await buyLive(supplierEnv, unknown.token, 3)).orderId;
    expect(await receiptRow(unknownOrder)).toMatchObject({ place_of_supply: '29', igst: 0, customer_name: null, customer_email: unknown.email });
    const row = await receiptRow(unknownOrder);
    expect(Number(row?.cgst)).toBe(Number(row?.sgst));
    expect(Number(row?.taxable_value) + Number(row?.cgst) + Number(row?.sgst) + Number(row?.round_off)).toBe(209_700);
  });

  it('says it is not a tax invoice and charges no GST when the supplier is not configured', async () => {
    fakeRazorpay();
    const { token } = await signUp();
    const { orderId } = await buyLive(liveEnv, token, 2);
    expect(await receiptRow(orderId)).toMatchObject({ tax_invoice: 0, test: 0, supplier_name: 'Parti', taxable_value: 139_800, cgst: 0, sgst: 0, igst: 0, rate_basis_points: 0 });
    const text = await pdfStrings(new Uint8Array(await (await receiptBytes(`/api/payments/receipts/${orderId}`, token)).arrayBuffer()));
    expect(text).toContain('Receipt');
    expect(text).not.toContain('Tax invoice');
    expect(text.join(' ')).toContain('not a tax invoice');
    // A GSTIN that fails its check counts as none.
    const broken = { ...supplierEnv, INVOICE_SUPPLIER_GSTIN: '29AAGCB7383J1Z5' };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { orderId: second } = await buyLive(broken, token, 1);
    expect(await receiptRow(second)).toMatchObject({ tax_invoice: 0, supplier_gstin: null, igst: 0, cgst: 0 });
  });
});

describe('billing details', () => {
  it('are optional, normalised, and refused with the field named when a GST portal would refuse them', async () => {
    const { token } = await signUp();
    expect(await json(await call('/api/payments/billing', { token }))).toEqual({ name: null, gstin: null, stateCode: null, address: null });
    const put = (body: unknown) => call('/api/payments/billing', { method: 'PUT', token, body });
    const refusals: [unknown, string, string][] = [
      [{ gstin: '29AAGCB7383J1Z5' }, 'gstin', 'Enter a valid 15-character GSTIN, or leave it empty.'],
      [{ gstin: '29AAGCB7383J' }, 'gstin', 'Enter a valid 15-character GSTIN, or leave it empty.'],
      [{ gstin: '29AAGCB7383J1Z4', stateCode: '27' }, 'stateCode', 'The state must be the one your GSTIN is registered in.'],
      [{ stateCode: '99' }, 'stateCode', 'Choose a state from the list.'],
      [{ name: 'वास्तु स्टूडियो' }, 'name', 'Use Latin letters, digits and punctuation, as on your GST registration.'],
      [{ name: 'x'.repeat(121) }, 'name', 'The name can have at most 120 characters.'],
      [{ address: 'y'.repeat(301) }, 'address', 'The address can have at most 300 characters.'],
    ];
    for (const [body, field, message] of refusals) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ error: { field: string; message: string } }>(response)).error).toMatchObject({ field, message });
    }
    const saved = await put({ name: '  Atelier  “Jaali”  ', gstin: '', stateCode: '04', address: ' 1 Sector 17 \n\n Chandigarh ' });
    expect(await json(saved)).toEqual({ name: 'Atelier "Jaali"', gstin: null, stateCode: '04', address: '1 Sector 17\nChandigarh' });
    expect(await json(await call('/api/payments/billing', { token }))).toEqual({ name: 'Atelier "Jaali"', gstin: null, stateCode: '04', address: '1 Sector 17\nChandigarh' });
    expect((await call('/api/payments/billing')).status).toBe(401);
  });

  it('print UTGST within a Union Territory without a legislature', async () => {
    fakeRazorpay();
    const chandigarh = { ...supplierEnv, INVOICE_SUPPLIER_GSTIN: '04AAACR5055K1ZF' };
    const { token } = await signUp();
    await callIn(chandigarh, '/api/payments/billing', { method: 'PUT', token, body: { stateCode: '04' } });
    const { orderId } = await buyLive(chandigarh, token, 1);
    expect(await receiptRow(orderId)).toMatchObject({ place_of_supply: '04', cgst: 5331, utgst: 5331, sgst: 0, igst: 0 });
    const text = await pdfStrings(new Uint8Array(await (await receiptBytes(`/api/payments/receipts/${orderId}`, token)).arrayBuffer()));
    expect(text).toEqual(expect.arrayContaining(['CGST @ 9%', 'UTGST @ 9%', 'Chandigarh (04)']));
  });
});
