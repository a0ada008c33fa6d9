import type { ApiUser } from '#shared/api-types';
import { loginPathWithRedirect, paths, studioPathFor } from '../app/routing';
import type { AuthStatus } from '../auth/store';

/**
 * Where the landing's Start Free goes (docs/decisions/0034-routes-navigation-landing.md): nowhere
 * while the profile loads; signed out to /login on its Sign Up tab (starting free means a new
 * account), then on to /startfree; free to /startfree; pro and enterprise to /generate.
 */
export function startFreeTarget(status: AuthStatus, user: ApiUser | null): string | null {
  if (status === 'loading') return null;
  if (!user) return loginPathWithRedirect(paths.startFree, { mode: 'signup' });
  return studioPathFor(user.plan);
}
