/**
 * Signing in, signing up and setting a new password: only the sign-in screens call them, so they
 * come with those screens' chunks, not with the entry every first visit loads.
 */
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { apiClient, useAuth, withRefreshLock } from './store';

/** The session an answer started; its user, for the screen that goes on to the right page. */
function started(result: AuthResponse): ApiUser {
  useAuth.getState().signedIn(result);
  return result.user;
}

// Behind the refresh lock: a session check still running (the one on page load has no cookie)
// answers 401 and deletes the refresh cookie; it must finish before the new cookie is set.

export function logIn(email: string, password: string): Promise<ApiUser> {
  return withRefreshLock(async () => {
    const { api, ok, withoutToken } = await apiClient();
    return started(await ok(api.auth.login.$post({ json: { email, password } }, withoutToken)));
  });
}

export function signUp(email: string, password: string, turnstileToken?: string): Promise<ApiUser> {
  return withRefreshLock(async () => {
    const { api, ok, withoutToken } = await apiClient();
    const json = { email, password, ...(turnstileToken ? { turnstile_token: turnstileToken } : {}) };
    return started(await ok(api.auth.signup.$post({ json }, withoutToken)));
  });
}

/** Sets a new password through an emailed link and signs in with it (every other session ends). */
export function resetPassword(token: string, password: string): Promise<ApiUser> {
  return withRefreshLock(async () => {
    const { api, ok, withoutToken } = await apiClient();
    return started(await ok(api.auth.password.reset.$post({ json: { token, password } }, withoutToken)));
  });
}

/** "Forgot password": the Worker answers the same whether or not the email has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { api, ok, withoutToken } = await apiClient();
  await ok(api.auth.password.forgot.$post({ json: { email } }, withoutToken));
}
