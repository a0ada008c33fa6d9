import type { ApiUser } from '#shared/api-types';
import { paths, studioPathFor } from '../app/routing';
import type { AuthStatus } from '../auth/store';

/**
 * Where the landing's Start Free goes (docs/decisions/0034-routes-navigation-landing.md): nowhere
 * while the profile loads; signed out to /login; free to /startfree; pro and enterprise to
 * /generate.
 */
export function startFreeTarget(status: AuthStatus, user: ApiUser | null): string | null {
  if (status === 'loading') return null;
  if (!user) return paths.login;
  return studioPathFor(user.plan);
}
