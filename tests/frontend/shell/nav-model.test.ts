import { describe, expect, it } from 'vitest';
import type { ApiUser } from '#shared/api-types';
import { accountLabel, dashboardEntry, generateEntry } from '../../../frontend/shell/nav-model';

const user = (overrides: Partial<ApiUser> = {}): ApiUser => ({
  id: 'u1',
  email: 'ada.lovelace@example.com',
  created_at: '2026-11-22T00:00:00.000Z',
  credits: 12,
  plan: 'free',
  ...overrides,
});

describe('the generate entry', () => {
  it('is disabled while the session or the profile loads', () => {
    expect(generateEntry('loading', null)).toMatchObject({ label: 'Loading...', disabled: true });
    expect(generateEntry('signedIn', null)).toMatchObject({ label: 'Loading...', disabled: true });
  });

  it('sends signed-out visitors to sign in', () => {
    expect(generateEntry('signedOut', null)).toEqual({
      href: '/login?redirect=%2Fgenerate',
      label: 'Sign in to use Parti',
      disabled: false,
    });
  });

  it('names the plan while credits remain', () => {
    expect(generateEntry('signedIn', user())).toMatchObject({ href: '/startfree', label: 'Parti — Free' });
    expect(generateEntry('signedIn', user({ plan: 'pro' }))).toMatchObject({ href: '/generate', label: 'Parti — Pro' });
  });

  it('asks free and pro users with no credit left to buy', () => {
    expect(generateEntry('signedIn', user({ credits: 0 })).label).toBe('No Credit Left—Buy Now');
    expect(generateEntry('signedIn', user({ plan: 'pro', credits: 0 })).label).toBe('No Credit Left—Buy Now');
  });

  it('shows enterprise whatever the balance', () => {
    expect(generateEntry('signedIn', user({ plan: 'enterprise', credits: 0 }))).toMatchObject({
      href: '/generate',
      label: 'Parti — Enterprise',
    });
  });
});

describe('the dashboard entry and account label', () => {
  it('asks signed-out visitors to sign in', () => {
    expect(dashboardEntry('signedOut')).toMatchObject({ href: '/login?redirect=%2Fdashboard', label: 'Sign in to view Dashboard' });
    expect(dashboardEntry('loading')).toMatchObject({ href: '/login?redirect=%2Fdashboard' });
    expect(dashboardEntry('signedIn')).toMatchObject({ href: '/dashboard', label: 'Dashboard' });
  });

  it('uses the part of the email before the at sign', () => {
    expect(accountLabel(user())).toBe('ada.lovelace');
    expect(accountLabel(null)).toBe('Account');
  });
});
