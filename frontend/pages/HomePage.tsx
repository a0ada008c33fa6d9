import { useAuth } from '../stores/auth';
import { GeneratePage } from './GeneratePage';
import { StartFreePage } from './StartFreePage';

/** /home: the free-tier studio for free users, the full studio for pro and enterprise. */
export function HomePage() {
  const plan = useAuth((state) => state.user?.plan);
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  return plan === 'free' ? <StartFreePage /> : <GeneratePage />;
}
