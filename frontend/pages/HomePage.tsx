import { Studio } from '../components/studio/Studio';
import { useAuth } from '../stores/auth';

/** /home: the free-tier studio for free users, the full studio for pro and enterprise; blank while loading. */
export function HomePage() {
  const plan = useAuth((state) => state.user?.plan);
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  return <Studio tier={plan === 'free' ? 'free' : 'full'} />;
}
