import { act, cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '#shared/messages';
import { PricingPage } from '../../../frontend/pricing/PricingPage';
import { useAuth } from '../../../frontend/auth/store';
import { appQueryClient } from '../../../frontend/queries/client';
import { signInAs, testUser } from '../signed-in';

function answerHealth(payments: 'live' | 'test' | 'unavailable') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({ ok: true, engine: 'preview', payments }, { headers: { 'content-type': 'application/json' } }),
  );
}

function showPricing() {
  // The page makes no query: it reads the profile from the app's cache, as the rail does.
  signInAs(appQueryClient());
  const { hook } = memoryLocation({ path: '/pricing' });
  render(
    <Router hook={hook}>
      <PricingPage />
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  appQueryClient().clear();
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

describe('the pricing page signed in', () => {
  it('waits for the profile before Buy Credits, as it waits for the session', async () => {
    answerHealth('test');
    useAuth.setState({ status: 'signedIn', userId: 'u', accessToken: 't', expiresAt: Date.now() / 1000 + 900 });
    const { hook } = memoryLocation({ path: '/pricing' });
    render(
      <Router hook={hook}>
        <PricingPage />
      </Router>,
    );
    expect(await screen.findByText('Test mode')).toBeTruthy();
    const buy = screen.getByRole<HTMLButtonElement>('button', { name: 'Buy Credits' });
    expect(buy.disabled).toBe(true);
    act(() => signInAs(appQueryClient(), testUser({ credits: 7 })));
    expect(buy.disabled).toBe(false);
  });
});
