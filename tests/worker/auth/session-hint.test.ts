import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '#shared/edge';
import { call, signUp } from '../helpers';

/** The Set-Cookie line of the session hint, if the response set or cleared it. */
function hintCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_HINT_COOKIE}=`));
}

describe('the session hint cookie', () => {
  it('is set, readable by the app, on sign-up, sign-in and refresh', async () => {
    const account = await signUp();
    const login = await call('/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
    const refresh = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    for (const response of [login, refresh]) {
      expect(response.status).toBe(200);
      const cookie = hintCookie(response);
      expect(cookie).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1; Max-Age=\\d+; Path=/; Secure; SameSite=Strict$`));
      expect(cookie).not.toContain('HttpOnly');
    }
  });

  it('is cleared on logout and on a refresh that fails', async () => {
    const account = await signUp();
    const logout = await call('/api/auth/logout', { method: 'POST', cookie: account.cookie, token: account.token });
    expect(logout.status).toBe(204);
    expect(hintCookie(logout)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`));
    const failed = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(failed.status).toBe(401);
    expect(hintCookie(failed)).toMatch(/Max-Age=0/);
  });
});
