import type { ApiUser } from '#shared/api-types';
import { loginPathWithRedirect, paths, studioPathFor } from '../app/routing';
import type { AuthStatus } from '../auth/store';

/**
 * Where the landing's Start Free goes (docs/decisions/0034-routes-navigation-landing.md): nowhere
 * while the profile loads; signed out to /login on its Sign Up tab (starting free means a new
 * account), then on to /startfree; free to /startfree; pro and enterprise to /generate.
 */
export function startFreeTarget(status: AuthStatus, user: ApiUser | null): string | null {
  // Signed in, it waits for the profile as it waits for the session.
  if (!user) return status === 'signedOut' ? loginPathWithRedirect(paths.startFree, { mode: 'signup' }) : null;
  return studioPathFor(user.plan);
}
