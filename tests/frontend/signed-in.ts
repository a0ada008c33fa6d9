/** A signed-in user as the app's tests start from one: the session in the auth store, the profile in a query cache. */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiUser } from '#shared/api-types';
import { useAuth } from '../../frontend/auth/store';
import { profileKeys } from '../../frontend/queries/profile';

export function testUser(overrides: Partial<ApiUser> = {}): ApiUser {
  return { id: 'u', email: 'a@example.com', created_at: '', credits: 12, plan: 'free', ...overrides };
}

/** Signs `user` in as a sign-in answer would: the session (status, id, token) and the profile in `client`. */
export function signInAs(client: QueryClient, user: ApiUser = testUser(), token = 'token'): void {
  useAuth.setState({ status: 'signedIn', userId: user.id, accessToken: token, expiresAt: Date.now() / 1000 + 900 });
  client.setQueryData(profileKeys.of(user.id), user);
}

/** The profile `client` holds for `userId`. */
export function profileIn(client: QueryClient, userId = 'u'): ApiUser | undefined {
  return client.getQueryData(profileKeys.of(userId));
}

export function signOut(): void {
  useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
}
