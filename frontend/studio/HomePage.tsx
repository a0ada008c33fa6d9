import { Studio } from './Studio';
import { useSpacePlan } from '../workspaces/hooks';

/** /home: the free-tier studio for free users, the full studio for pro and enterprise; blank while loading. */
export function HomePage() {
  const plan = useSpacePlan();
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  return <Studio tier={plan === 'free' ? 'free' : 'full'} />;
}
