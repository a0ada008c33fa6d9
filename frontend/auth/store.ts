import { createContext, useContext, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { setTokenSource } from '../api/token-source';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_MARGIN_SECONDS } from '../ui/timings';
import type { Plan } from '#shared/plans';
import { SESSION_HINT_COOKIE } from '#shared/edge';
import { takeUpSpaceOf } from '../workspaces/current-space';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  user: ApiUser | null;
  /** In memory only: a reload restores the session through the httpOnly refresh cookie. */
  accessToken: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
  restore: () => Promise<void>;
  /** Keeps the session an answer of the sign-in routes started (session-actions.ts). */
  signedIn: (result: AuthResponse) => ApiUser;
  logOut: () => Promise<void>;
  renew: () => Promise<string | null>;
  reloadProfile: () => Promise<void>;
  setProfile: (profile: { credits: number; plan: Plan }) => void;
}

let renewal: Promise<string | null> | null = null;

/**
 * The API client, loaded on the first call that needs it: a signed-out visitor's first screen
 * makes none, so the entry carries no HTTP client (docs/decisions/0078-react-on-the-server.md).
 */
export const apiClient = () => import('../api/client');

/**
 * Whether a session may exist: the Worker sets a readable hint cookie beside the httpOnly refresh
 * cookie and clears it with it (docs/decisions/0046-first-screen-without-waiting.md, kept by
 * 0078). Without it a session check is certain to fail, so a signed-out visitor makes none.
 */
export function hasSessionHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/**
 * Refresh tokens rotate and a reused one ends the session, so two tabs must never send the
 * same cookie at once: a Web Lock makes them take turns, and each sends the newest cookie.
 */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  let result: T | undefined;
  await navigator.locks.request('parti-refresh', async () => {
    result = await task();
  });
  return result as T;
}

const authStore = createStore<AuthState>()((set, get) => {
  const signedIn = (result: AuthResponse) => {
    if (get().user?.id !== result.user.id) takeUpSpaceOf(result.user.id);
    set({
      status: 'signedIn',
      user: result.user,
      accessToken: result.session.access_token,
      expiresAt: result.session.expires_at,
    });
    return result.user;
  };
  const signedOut = () => {
    takeUpSpaceOf(null);
    set({ status: 'signedOut', user: null, accessToken: null, expiresAt: 0 });
  };

  const renew = (): Promise<string | null> => {
    renewal ??= withRefreshLock(async () => {
      const client = await apiClient().catch(() => null);
      if (!client) {
        if (get().status === 'loading') signedOut();
        return null;
      }
      const { ApiError, api, ok, withoutToken } = client;
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
    signedIn,
    logOut: async () => {
      try {
        const { api, ok } = await apiClient();
        await ok(api.auth.logout.$post());
      } finally {
        signedOut();
      }
    },
    renew,
    reloadProfile: async () => {
      if (get().status !== 'signedIn') return;
      const { api, ok } = await apiClient();
      set({ user: await ok(api.me.$get()) });
    },
    setProfile: (profile) => {
      const user = get().user;
      if (user) set({ user: { ...user, ...profile } });
    },
  };
});

/**
 * The session status a document was rendered with (docs/decisions/0078-react-on-the-server.md):
 * the server renders with the status the visitor's browser starts in, and the browser hydrates
 * with the one its document was rendered with, then moves to its own. Nothing writes the store
 * outside a browser; this context is how a request's status reaches the components.
 */
export const RenderedAuthContext = createContext<AuthStatus | null>(null);

const renderedSnapshots = new Map<AuthStatus, AuthState>();

/** The store's state as a document rendered with `status` shows it: nobody signed in. */
function renderedSnapshot(status: AuthStatus): AuthState {
  let snapshot = renderedSnapshots.get(status);
  if (!snapshot) {
    snapshot = { ...authStore.getInitialState(), status, user: null, accessToken: null, expiresAt: 0 };
    renderedSnapshots.set(status, snapshot);
  }
  return snapshot;
}

function useAuthState<T>(selector: (state: AuthState) => T): T {
  const rendered = useContext(RenderedAuthContext);
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(rendered ? renderedSnapshot(rendered) : authStore.getInitialState()),
  );
}

function useAuthStore(): AuthState;
function useAuthStore<T>(selector: (state: AuthState) => T): T;
function useAuthStore<T>(selector?: (state: AuthState) => T): T | AuthState {
  return useAuthState<T | AuthState>(selector ?? ((state) => state));
}

/** The session store: `useAuth()` or `useAuth(selector)` in components, `useAuth.getState()` and the rest outside. */
export const useAuth = Object.assign(useAuthStore, authStore);

setTokenSource({ accessToken: () => authStore.getState().accessToken, renew: () => authStore.getState().renew() });

/** The documents' timer: check every 30 s, refresh when under 90 s remain. */
export function startSessionTimer(): () => void {
  const timer = setInterval(() => {
    const { status, expiresAt, renew } = authStore.getState();
    if (status === 'signedIn' && expiresAt - Date.now() / 1000 < TOKEN_REFRESH_MARGIN_SECONDS) void renew();
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

