import { Studio } from './Studio';
import { useProfile } from '../queries/profile';

/** /home: the free-tier studio for free users, the full studio for pro and enterprise; blank while loading. */
export function HomePage() {
  const plan = useProfile()?.plan;
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  return <Studio tier={plan === 'free' ? 'free' : 'full'} />;
}
