import { describe, expect, it } from 'vitest';
import { startFreeTarget } from '../../../frontend/landing/start-free';
import { testUser } from '../signed-in';

describe("the landing's Start Free", () => {
  it('goes nowhere while the session or the profile loads', () => {
    expect(startFreeTarget('loading', null)).toBeNull();
    expect(startFreeTarget('signedIn', null)).toBeNull();
  });

  it('sends a visitor to sign up, then on to the free studio', () => {
    expect(startFreeTarget('signedOut', null)).toBe('/login?redirect=%2Fstartfree&mode=signup');
  });

  it('sends each plan to its studio', () => {
    expect(startFreeTarget('signedIn', testUser({ plan: 'free' }))).toBe('/startfree');
    expect(startFreeTarget('signedIn', testUser({ plan: 'pro' }))).toBe('/generate');
  });
});
