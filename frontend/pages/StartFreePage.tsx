import { Redirect } from 'wouter';
import { Studio } from '../components/studio/Studio';
import { paths } from '../routing';
import { useAuth } from '../stores/auth';

/**
 * /startfree: the free-tier studio; a paid user goes to /generate
 * (docs/decisions/0023-studio-routes-and-duplicate-texts.md).
 */
export function StartFreePage() {
  const plan = useAuth((state) => state.user?.plan);
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  if (plan !== 'free') return <Redirect to={paths.generate} replace />;
  return <Studio tier="free" />;
}
