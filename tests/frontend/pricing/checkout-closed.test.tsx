/**
 * A checkout closed without a success (docs/decisions/0092): the pricing page tells the Worker
 * (faked at fetch), goes back to idle when that was in time, and says so, until dismissed, when
 * it was too late: paid (with the new balance), still being confirmed, or expired.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '#shared/messages';
import type { CheckoutCancelResponse } from '#shared/payments';
import { PricingPage } from '../../../frontend/pricing/PricingPage';
import { closedLateMessage } from '../../../frontend/pricing/usePurchase';
import { appQueryClient } from '../../../frontend/queries/client';
import { profileIn, signInAs } from '../signed-in';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  cleanup();
  appQueryClient().clear();
  vi.restoreAllMocks();
});

const ORDER = { orderId: 'order_test_1', amount: 838_800, currency: 'INR', keyId: '', mode: 'test', credits: 12 };

/** The Worker in test mode: an order on Buy, `closed` when checkout closes; profile reads answer the new balance. */
function fakeWorker(closed: CheckoutCancelResponse) {
  const calls: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    calls.push(`${method} ${url.pathname}`);
    if (url.pathname === '/api/health') return Response.json({ ok: true, engine: 'preview', payments: 'test' });
    if (url.pathname === '/api/payments/orders') return Response.json(ORDER);
    if (url.pathname === `/api/payments/orders/${ORDER.orderId}/cancel`) return Response.json(closed);
    if (url.pathname === '/api/me') return Response.json({ id: 'u', email: 'a@example.com', created_at: '', credits: 24, plan: 'pro' });
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  /** Every answer so far, read by the page: what it shows next is settled. */
  const answered = () =>
    act(async () => {
      await Promise.all(spy.mock.results.map((result): unknown => result.value));
    });
  return { calls, answered };
}

async function buyThenCancel() {
  // The page makes no query: it reads the profile from the app's cache, as the rail does.
  signInAs(appQueryClient());
  const { hook } = memoryLocation({ path: '/pricing' });
  render(
    <Router hook={hook}>
      <PricingPage />
    </Router>,
  );
  const buy = screen.getByRole('button', { name: 'Buy Credits' });
  await screen.findByText('Test mode');
  fireEvent.click(buy);
  const dialog = await screen.findByRole('dialog', { name: 'Test checkout' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await Promise.resolve();
  });
}

describe('a checkout closed without a success', () => {
  it('goes back to idle, saying nothing, when it closed in time', async () => {
    const { calls, answered } = fakeWorker({ outcome: 'cancelled', orderId: ORDER.orderId });
    await buyThenCancel();
    await vi.waitFor(() => expect(calls).toContain(`POST /api/payments/orders/${ORDER.orderId}/cancel`));
    await answered();
    expect(screen.queryByRole('dialog', { name: 'Test checkout' })).toBeNull();
    expect(document.querySelector('.payment-status-region')?.textContent).toBe('');
  });

  it('says the payment had gone through, shows the new balance and stays until dismissed', async () => {
    fakeWorker({ outcome: 'paid', orderId: ORDER.orderId, paymentId: 'pay_1', credits: 24, plan: 'pro', added: 12, granted: true });
    await buyThenCancel();
    const message = await screen.findByText(paymentMessages.closedAfterPayment(12));
    expect(message.closest('[role="status"]')).not.toBeNull();
    await vi.waitFor(() => expect(profileIn(appQueryClient())).toMatchObject({ credits: 24, plan: 'pro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(paymentMessages.closedAfterPayment(12))).toBeNull();
  });

  it('says when the bank is still confirming, or the order had expired', () => {
    expect(closedLateMessage({ outcome: 'processing', orderId: 'o' })).toBe(paymentMessages.closedWhileConfirming);
    expect(closedLateMessage({ outcome: 'expired', orderId: 'o' })).toBe(paymentMessages.closedAfterExpiry);
    expect(closedLateMessage({ outcome: 'cancelled', orderId: 'o' })).toBeNull();
  });

  it('shows the expiry in place of silence', async () => {
    fakeWorker({ outcome: 'expired', orderId: ORDER.orderId });
    await buyThenCancel();
    expect(await screen.findByText(paymentMessages.closedAfterExpiry)).toBeTruthy();
  });
});
