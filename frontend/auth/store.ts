import { createContext, useContext, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { setTokenSource } from '../api/token-source';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_MARGIN_SECONDS } from '../ui/timings';
import { SESSION_HINT_COOKIE } from '#shared/edge';
import { takeUpSpaceOf } from '../workspaces/current-space';
import { cachedProfile, profileAnswered, subscribeToProfiles } from './profile-link';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/**
 * The session, and only the session: who is signed in, with which token. Their profile (credits,
 * plan) is server data, kept by its query (queries/profile.ts, reached from here through
 * ./profile-link.ts).
 */
interface AuthState {
  status: AuthStatus;
  userId: string | null;
  /** In memory only: a reload restores the session through the httpOnly refresh cookie. */
  accessToken: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
  restore: () => Promise<void>;
  /** Keeps the session an answer of the sign-in routes started (session-actions.ts). */
  signedIn: (result: AuthResponse) => void;
  logOut: () => Promise<void>;
  renew: () => Promise<string | null>;
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
    // Another user (or the tab's first) takes up their remembered space before the session moves.
    if (get().userId !== result.user.id) takeUpSpaceOf(result.user.id);
    set({
      status: 'signedIn',
      userId: result.user.id,
      accessToken: result.session.access_token,
      expiresAt: result.session.expires_at,
    });
    // After the session moved: a change of user empties the cache (app/session.ts), then this fills it.
    profileAnswered(result.user);
  };
  const signedOut = () => {
    takeUpSpaceOf(null);
    set({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    profileAnswered(null);
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
    userId: null,
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

/** The store's state as a document rendered with `status` shows it: the initial one's, nobody signed in. */
function renderedSnapshot(status: AuthStatus): AuthState {
  let snapshot = renderedSnapshots.get(status);
  if (!snapshot) {
    snapshot = { ...authStore.getInitialState(), status };
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

/**
 * The signed-in user's profile as the query cache holds it (./profile-link.ts), for the screens of
 * the entry (the rail, the landing, pricing). It never asks the server: the session's answer put it
 * there and the live connection keeps it current. Screens that query read it through their query
 * instead (queries/profile.ts `useProfile`).
 */
export function useSessionProfile(): ApiUser | undefined {
  const userId = useAuthState((state) => state.userId);
  return useSyncExternalStore(subscribeToProfiles, () => (userId ? cachedProfile(userId) : undefined), () => undefined);
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

