import { Redirect } from 'wouter';
import { Studio } from './Studio';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';

/**
 * /generate: the full studio for pro and enterprise; a free user goes to /startfree
 * (docs/decisions/0023-studio-routes-and-duplicate-texts.md).
 */
export function GeneratePage() {
  const plan = useAuth((state) => state.user?.plan);
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  if (plan === 'free') return <Redirect to={paths.startFree} replace />;
  return <Studio tier="full" />;
}
