import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginPathWithRedirect } from '../app/routing';
import { useAuth } from './store';

/** A blank box while the session is being restored; signed-out users go to /login and come back. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const status = useAuth((state) => state.status);
  const [location] = useLocation();
  const search = useSearch();
  if (status === 'loading') return <div className="route-placeholder" aria-busy="true" />;
  if (status === 'signedOut') {
    return <Redirect to={loginPathWithRedirect(search ? `${location}?${search}` : location)} replace />;
  }
  return <>{children}</>;
}
