import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '#shared/messages';
import { useAuth } from '../../../frontend/auth/store';
import { PricingPage } from '../../../frontend/pricing/PricingPage';

function answerHealth(payments: 'live' | 'test' | 'unavailable') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({ ok: true, engine: 'preview', payments }, { headers: { 'content-type': 'application/json' } }),
  );
}

function showPricing() {
  useAuth.setState({ status: 'signedIn', accessToken: 't', user: { id: 'u', email: 'a@example.com', created_at: '', credits: 12, plan: 'free' } });
  const { hook } = memoryLocation({ path: '/pricing' });
  render(
    <Router hook={hook}>
      <PricingPage />
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the pricing page without payments', () => {
  it('says payments are unavailable and keeps Buy Credits disabled when the Worker has neither keys nor test mode', async () => {
    answerHealth('unavailable');
    showPricing();
    expect(await screen.findByText(paymentMessages.unavailable)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy Credits' }).disabled).toBe(true);
  });

  it('offers Buy Credits in test mode, marked as such', async () => {
    answerHealth('test');
    showPricing();
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(screen.queryByText(paymentMessages.unavailable)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy Credits' }).disabled).toBe(false);
  });
});
