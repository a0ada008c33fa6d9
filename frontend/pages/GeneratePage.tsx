import { Redirect } from 'wouter';
import { Studio } from '../components/studio/Studio';
import { paths } from '../routing';
import { useAuth } from '../stores/auth';

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
