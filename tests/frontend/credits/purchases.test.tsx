/**
 * The Credits page's purchases and billing details in the DOM (docs/decisions/0092): rupees, status,
 * refunds and receipt links from the Worker's answer (faked at fetch), and a billing form that
 * checks a GSTIN, takes its state from it and shows the Worker's refusals at the field.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingDetails, Purchase, PurchasesPage } from '#shared/payments';
import { BillingDetailsSection } from '../../../frontend/credits/BillingDetailsForm';
import { PurchasesTable } from '../../../frontend/credits/PurchasesTable';
import { refundLines, stateFromGstin } from '../../../frontend/credits/purchase-rules';
import { createQueryClient } from '../../../frontend/queries/client';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const paid: Purchase = {
  orderId: 'order_paid',
  paymentId: 'pay_Paid0001',
  credits: 12,
  amount: 838_800,
  currency: 'INR',
  mode: 'live',
  status: 'paid',
  paidAt: '2026-11-20T09:30:00.000Z',
  refundedAmount: 0,
  refunds: [],
  receipt: { url: '/api/payments/receipts/order_paid?exp=1&sig=aa', number: '2026-27/000007' },
};

const partlyRefunded: Purchase = {
  ...paid,
  orderId: 'order_refunded',
  paymentId: 'pay_Refund001',
  credits: 3,
  amount: 209_700,
  mode: 'test',
  status: 'partially_refunded',
  refundedAmount: 104_850,
  refunds: [{ refundId: 'rfnd_1', amount: 104_850, creditsTaken: 1, creditsAlreadySpent: 1, refundedAt: '2026-11-22T10:00:00.000Z' }],
  receipt: { url: '/api/payments/receipts/order_refunded?exp=1&sig=bb', number: null },
};

type Handler = (request: Request) => Response | Promise<Response>;

function fakeWorker(handlers: Record<string, Handler>) {
  const requests: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'), init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const handler = handlers[`${request.method} ${pathname}`];
    return handler ? handler(request) : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  return requests;
}

function renderWithQueries(node: React.ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

describe('the purchases table', () => {
  it('shows each purchase with its rupees, credits, status, refunds and a receipt link that opens the PDF', async () => {
    fakeWorker({ 'GET /api/payments/purchases': () => Response.json({ items: [partlyRefunded, paid], nextCursor: null } satisfies PurchasesPage) });
    renderWithQueries(<PurchasesTable owner="u1" />);
    await screen.findByText('12 credits');
    const table = screen.getByRole('table', { name: 'Purchases' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);

    const [refundedRow, paidRow] = rows as [HTMLElement, HTMLElement];
    expect(within(paidRow).getByText('12 credits')).toBeTruthy();
    expect(within(paidRow).getByText('₹8,388')).toBeTruthy();
    expect(within(paidRow).getAllByText('Paid')).not.toHaveLength(0);
    const receipt = within(paidRow).getByRole('link', { name: 'Receipt 2026-27/000007 (PDF, opens in a new tab)' });
    expect(receipt.getAttribute('href')).toBe(paid.receipt.url);
    expect(receipt.getAttribute('target')).toBe('_blank');

    expect(within(refundedRow).getByText('₹2,097')).toBeTruthy();
    expect(within(refundedRow).getAllByText('Partly refunded')).not.toHaveLength(0);
    expect(within(refundedRow).getByText('Test mode')).toBeTruthy();
    expect(within(refundedRow).getByText(/₹1,048.50 refunded on .*2026; 1 credit taken back\. 1 credit had been used already and stayed used\./)).toBeTruthy();
    expect(within(refundedRow).getByRole('link', { name: 'Receipt (PDF, opens in a new tab)' })).toBeTruthy();
  });

  it('says there are no purchases yet, and offers a retry when the list fails', async () => {
    let fail = true;
    fakeWorker({
      'GET /api/payments/purchases': () =>
        fail ? Response.json({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }) : Response.json({ items: [], nextCursor: null }),
    });
    renderWithQueries(<PurchasesTable owner="u1" />);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toContain('Your purchases could not be loaded.');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No purchases yet. Receipts for the credits you buy appear here.')).toBeTruthy();
  });

  it('writes refunds in the reader\'s words', () => {
    expect(refundLines(partlyRefunded, 'en-IN', 'Asia/Kolkata')).toEqual([
      '₹1,048.50 refunded on 22 Nov 2026; 1 credit taken back. 1 credit had been used already and stayed used.',
    ]);
    expect(refundLines({ refunds: [{ ...partlyRefunded.refunds[0]!, amount: 838_800, creditsTaken: 12, creditsAlreadySpent: 0 }] }, 'en-IN', 'Asia/Kolkata')).toEqual([
      '₹8,388 refunded on 22 Nov 2026; 12 credits taken back.',
    ]);
  });
});

describe('the billing details', () => {
  const saved: BillingDetails = { name: 'Studio Verandah LLP', gstin: null, stateCode: '33', address: '4 Lavelle Road' };

  async function openForm(handlers: Record<string, Handler>) {
    const requests = fakeWorker({ 'GET /api/payments/billing': () => Response.json(saved), ...handlers });
    renderWithQueries(<BillingDetailsSection userId="u1" />);
    fireEvent.click(screen.getByRole('heading', { name: 'Billing details' }));
    await screen.findByLabelText('Name on receipts');
    return requests;
  }

  it('shows what was saved, takes the state from a valid GSTIN, and saves what the Worker normalised', async () => {
    const requests = await openForm({
      'PUT /api/payments/billing': async (request) => {
        const body = (await request.json()) as BillingDetails;
        return Response.json({ ...body, gstin: '29AABCT1332L1ZA', name: 'Studio Verandah LLP' });
      },
    });
    expect(screen.getByLabelText<HTMLInputElement>('Name on receipts').value).toBe('Studio Verandah LLP');
    const state = screen.getByLabelText<HTMLSelectElement>('State');
    expect(state.value).toBe('33');
    expect(state.disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('GSTIN (optional)'), { target: { value: '29aabct1332l1za' } });
    expect(state.value).toBe('29');
    expect(state.disabled).toBe(true);
    expect(screen.getByText('Set by your GSTIN: Karnataka')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Saved. Your next receipts will carry these details.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({ name: 'Studio Verandah LLP', gstin: '29aabct1332l1za', stateCode: '29', address: '4 Lavelle Road' });
    expect(screen.getByLabelText<HTMLInputElement>('GSTIN (optional)').value).toBe('29AABCT1332L1ZA');
  });

  it('refuses a mistyped GSTIN before sending, and shows the Worker\'s refusal at its field', async () => {
    const requests = await openForm({
      'PUT /api/payments/billing': () =>
        Response.json({ error: { code: 'invalid_request', field: 'name', message: 'Use Latin letters, digits and punctuation, as on your GST registration.' } }, { status: 400 }),
    });
    const gstin = screen.getByLabelText('GSTIN (optional)');
    fireEvent.change(gstin, { target: { value: '29AABCT1332L1ZB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid 15-character GSTIN, or leave it empty.');
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(gstin, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Name on receipts'), { target: { value: 'वास्तु' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Use Latin letters, digits and punctuation, as on your GST registration.'));
    const name = screen.getByLabelText('Name on receipts');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });

  it('reads a GSTIN as people type it', () => {
    expect(stateFromGstin(' 27aapfu0939f1zv ')).toBe('27');
    expect(stateFromGstin('27AAPFU0939F1Z')).toBeNull();
    expect(stateFromGstin('27AAPFU0939F1ZW')).toBeNull();
  });
});
