import { describe, expect, it } from 'vitest';
import type { LedgerItem } from '../../../frontend/api/credits';
import { creditsMessages } from '../../../frontend/credits/copy';
import { formatDelta, formatLedgerDate, ledgerActivity, ledgerTone, refundReason } from '../../../frontend/credits/rules';
import { studioMessages } from '#shared/messages';

const row = (extra: Partial<LedgerItem>): LedgerItem => ({
  id: 1,
  delta: 12,
  reason: 'signup',
  balanceAfter: 12,
  createdAt: '2026-11-23T14:05:00.000Z',
  ...extra,
});

describe('ledger deltas', () => {
  it('signs gains with a plus and charges with a true minus sign', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-2)).toBe('\u22122');
    expect(formatDelta(0)).toBe('0');
  });

  it('tones gains, charges and refunds apart (an operator taking credits is a charge)', () => {
    expect(ledgerTone(row({ reason: 'purchase', delta: 5 }))).toBe('gain');
    expect(ledgerTone(row({ reason: 'generation', delta: -2 }))).toBe('spend');
    expect(ledgerTone(row({ reason: 'operator', delta: -3 }))).toBe('spend');
    expect(ledgerTone(row({ reason: 'refund', delta: 2 }))).toBe('refund');
  });
});

describe('what a ledger row was', () => {
  it('names every reason in plain words', () => {
    expect(ledgerActivity(row({})).title).toBe('Sign-up grant');
    expect(ledgerActivity(row({ reason: 'generation', delta: -1 })).title).toBe('Generation');
    expect(ledgerActivity(row({ reason: 'refund', delta: 1 })).title).toBe('Refund');
    expect(ledgerActivity(row({ reason: 'purchase', delta: 5 })).title).toBe('Purchase');
    expect(ledgerActivity(row({ reason: 'operator', delta: 3 })).title).toBe('Adjustment by Parti');
  });

  it('says why a refunded generation failed, in the studio\'s words', () => {
    const safety = ledgerActivity(row({ reason: 'refund', delta: 2, generationId: 'g', failureReason: 'blocked' }));
    expect(safety.detail).toBe(`${studioMessages.failureReasons.blocked} ${creditsMessages.refundedInFull}`);
    expect(refundReason('no_image')).toBe('The image model finished without an image.');
    expect(refundReason('provider_error')).toBe('The image service could not be reached.');
    expect(refundReason('timeout')).toBe('The image model did not answer in time.');
    expect(refundReason('cancelled')).toBe(creditsMessages.cancelled);
    expect(refundReason(undefined)).toBe(creditsMessages.noImage);
  });

  it('quotes a delivered generation\'s prompt and links it to the dashboard', () => {
    const activity = ledgerActivity(row({ reason: 'generation', delta: -2, generationId: 'g', generationPrompt: 'A museum', generationOutcome: 'delivered' }));
    expect(activity).toMatchObject({ detail: 'A museum', quoted: true, link: { href: '/dashboard', label: 'View in Dashboard' } });
  });

  it('links nothing for a generation still running, deleted or refunded, and says which', () => {
    const running = ledgerActivity(row({ reason: 'generation', delta: -2, generationId: 'g', generationPrompt: 'A museum', generationOutcome: 'running' }));
    expect(running.link).toBeNull();
    const deleted = ledgerActivity(row({ reason: 'generation', delta: -2, generationId: 'g', generationOutcome: 'deleted' }));
    expect(deleted).toMatchObject({ detail: creditsMessages.outcome.deleted, quoted: false, link: null });
    const refunded = ledgerActivity(row({ reason: 'generation', delta: -2, generationId: 'g', generationOutcome: 'refunded' }));
    expect(refunded.detail).toBe(creditsMessages.outcome.refunded);
  });

  it('shows a purchase\'s payment id and an operator\'s note', () => {
    expect(ledgerActivity(row({ reason: 'purchase', delta: 5, paymentId: 'pay_test_1' })).reference).toBe('Payment pay_test_1');
    expect(ledgerActivity(row({ reason: 'operator', delta: 3, note: 'Goodwill' })).detail).toBe('Goodwill');
    expect(ledgerActivity(row({ reason: 'operator', delta: 3 })).detail).toBeNull();
  });

  it('says a refunded purchase took its credits back, and how many had been used already', () => {
    const refunded = ledgerActivity(row({ reason: 'purchase_refund', delta: -3, paymentId: 'pay_1', refundedAmount: 349_500, creditsAlreadySpent: 2 }));
    expect(refunded).toMatchObject({
      title: 'Purchase refunded',
      detail: '₹3,495 went back to your payment, and its credits with it. 2 credits of it had been used already, so they were not taken back.',
      reference: 'Payment pay_1',
    });
    expect(ledgerActivity(row({ reason: 'purchase_refund', delta: -5, paymentId: 'pay_2', refundedAmount: 34_950, creditsAlreadySpent: 0 })).detail).toBe(
      '₹349.50 went back to your payment, and its credits with it.',
    );
    expect(ledgerTone(row({ reason: 'purchase_refund', delta: -5 }))).toBe('spend');
  });
});

describe('ledger dates', () => {
  it('writes the date and time in the reader\'s locale and zone', () => {
    expect(formatLedgerDate('2026-11-23T14:05:00.000Z', 'en-GB', 'UTC')).toEqual({ date: '23 Nov 2026', time: '14:05' });
    expect(formatLedgerDate('2026-11-23T14:05:00.000Z', 'en-US', 'America/New_York')).toEqual({ date: 'Nov 23, 2026', time: '09:05 AM' });
  });
});
