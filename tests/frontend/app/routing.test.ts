import { describe, expect, it } from 'vitest';
import { loginPathWithRedirect, postLoginTarget, studioPathFor } from '../../../frontend/app/routing';

describe('postLoginTarget', () => {
  it('follows the redirect value when it is not /login or /', () => {
    expect(postLoginTarget('/dashboard', 'free')).toBe('/dashboard');
    expect(postLoginTarget('/gallery?q=atrium', 'pro')).toBe('/gallery?q=atrium');
    expect(postLoginTarget('generate', 'pro')).toBe('/generate');
  });

  it('sends pro and enterprise to /generate and others to /startfree otherwise', () => {
    expect(postLoginTarget(null, 'free')).toBe('/startfree');
    expect(postLoginTarget(null, 'pro')).toBe('/generate');
    expect(postLoginTarget(null, 'enterprise')).toBe('/generate');
    expect(postLoginTarget('/', 'pro')).toBe('/generate');
    expect(postLoginTarget('/login', 'free')).toBe('/startfree');
    expect(postLoginTarget('/login?redirect=/x', 'free')).toBe('/startfree');
  });

  it('never follows a redirect off the site', () => {
    expect(postLoginTarget('https://evil.example/steal', 'free')).toBe('/startfree');
    expect(postLoginTarget('//evil.example', 'free')).toBe('/startfree');
    expect(postLoginTarget('javascript:alert(1)', 'pro')).toBe('/generate');
    expect(postLoginTarget('/\\evil.example', 'pro')).toBe('/generate');
  });
});

describe('studio paths and login links', () => {
  it('picks the studio by plan', () => {
    expect(studioPathFor('free')).toBe('/startfree');
    expect(studioPathFor(undefined)).toBe('/startfree');
    expect(studioPathFor('enterprise')).toBe('/generate');
  });

  it('builds /login links with an encoded redirect and extra values', () => {
    expect(loginPathWithRedirect('/generate')).toBe('/login?redirect=%2Fgenerate');
    expect(loginPathWithRedirect('startfree', { plan: 'free' })).toBe('/login?redirect=startfree&plan=free');
  });
});
