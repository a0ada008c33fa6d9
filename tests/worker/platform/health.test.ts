import { describe, expect, it } from 'vitest';
import { api, call } from '../helpers';

describe('GET /api/health', () => {
  it('names the preview engine and test payments when no keys are set', async () => {
    const response = await api.health.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, engine: 'preview', payments: 'test' });
  });

  it('answers unknown API paths with the error shape and a 404', async () => {
    const response = await call('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const path of ['/api/health', '/api/nothing-here', '/api/me']) {
      const response = await call(path);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain('https://checkout.razorpay.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
