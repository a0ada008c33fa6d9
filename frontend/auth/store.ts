import { create } from 'zustand';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_MARGIN_SECONDS } from '../ui/timings';
import type { Plan } from '#shared/plans';
import { ApiError, api, ok, setTokenSource, withoutToken } from '../api/client';
import { SESSION_HINT_COOKIE } from '#shared/edge';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  user: ApiUser | null;
  /** In memory only: a reload restores the session through the httpOnly refresh cookie. */
  accessToken: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
  restore: () => Promise<void>;
  logIn: (email: string, password: string) => Promise<ApiUser>;
  signUp: (email: string, password: string, turnstileToken?: string) => Promise<ApiUser>;
  /** Sets a new password through an emailed link and signs in with it (every other session ends). */
  resetPassword: (token: string, password: string) => Promise<ApiUser>;
  logOut: () => Promise<void>;
  renew: () => Promise<string | null>;
  reloadProfile: () => Promise<void>;
  setProfile: (profile: { credits: number; plan: Plan }) => void;
}

let renewal: Promise<string | null> | null = null;

/**
 * Whether a session may exist: the Worker sets a readable hint cookie beside the httpOnly refresh
 * cookie and clears it with it (docs/decisions/0046-first-screen-without-waiting.md). Without it
 * a session check is certain to fail, so a signed-out visitor makes none.
 */
export function hasSessionHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/**
 * Refresh tokens rotate and a reused one ends the session, so two tabs must never send the
 * same cookie at once: a Web Lock makes them take turns, and each sends the newest cookie.
 */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  let result: T | undefined;
  await navigator.locks.request('parti-refresh', async () => {
    result = await task();
  });
  return result as T;
}

export const useAuth = create<AuthState>()((set, get) => {
  const signedIn = (result: AuthResponse) => {
    set({
      status: 'signedIn',
      user: result.user,
      accessToken: result.session.access_token,
      expiresAt: result.session.expires_at,
    });
    return result.user;
  };
  const signedOut = () => set({ status: 'signedOut', user: null, accessToken: null, expiresAt: 0 });

  const renew = (): Promise<string | null> => {
    renewal ??= withRefreshLock(async () => {
      try {
        const result = await ok(api.auth.refresh.$post(undefined, withoutToken));
        signedIn(result);
        return result.session.access_token;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) signedOut();
        else if (get().status === 'loading') signedOut();
        return null;
      }
    }).finally(() => {
      renewal = null;
    });
    return renewal;
  };

  return {
    status: hasSessionHint() ? 'loading' : 'signedOut',
    user: null,
    accessToken: null,
    expiresAt: 0,
    restore: async () => {
      if (hasSessionHint()) await renew();
      else if (get().status === 'loading') signedOut();
    },
    // Behind the same lock: a session check still running (the one on page load has no cookie)
    // answers 401 and deletes the refresh cookie; it must finish before the new cookie is set.
    logIn: (email, password) =>
      withRefreshLock(async () => signedIn(await ok(api.auth.login.$post({ json: { email, password } }, withoutToken)))),
    signUp: (email, password, turnstileToken) =>
      withRefreshLock(async () =>
        signedIn(
          await ok(
            api.auth.signup.$post(
              { json: { email, password, ...(turnstileToken ? { turnstile_token: turnstileToken } : {}) } },
              withoutToken,
            ),
          ),
        ),
      ),
    resetPassword: (token, password) =>
      withRefreshLock(async () => signedIn(await ok(api.auth.password.reset.$post({ json: { token, password } }, withoutToken)))),
    logOut: async () => {
      try {
        await ok(api.auth.logout.$post());
      } finally {
        signedOut();
      }
    },
    renew,
    reloadProfile: async () => {
      if (get().status !== 'signedIn') return;
      set({ user: await ok(api.me.$get()) });
    },
    setProfile: (profile) => {
      const user = get().user;
      if (user) set({ user: { ...user, ...profile } });
    },
  };
});

setTokenSource({
  accessToken: () => useAuth.getState().accessToken,
  renew: () => useAuth.getState().renew(),
});

/** The documents' timer: check every 30 s, refresh when under 90 s remain. */
export function startSessionTimer(): () => void {
  const timer = setInterval(() => {
    const { status, expiresAt, renew } = useAuth.getState();
    if (status === 'signedIn' && expiresAt - Date.now() / 1000 < TOKEN_REFRESH_MARGIN_SECONDS) void renew();
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** "Forgot password": the Worker answers the same whether or not the email has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await ok(api.auth.password.forgot.$post({ json: { email } }, withoutToken));
}
