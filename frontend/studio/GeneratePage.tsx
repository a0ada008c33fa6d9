import { Redirect, useSearch } from 'wouter';
import { Studio } from './Studio';
import { paths } from '../app/routing';
import { useSpacePlan } from '../workspaces/hooks';

/**
 * /generate: the full studio for pro and enterprise; a free user goes to /startfree
 * (docs/decisions/0023-studio-routes-and-duplicate-texts.md).
 */
export function GeneratePage() {
  const plan = useSpacePlan();
  // The project and branch in the address go along (docs/decisions/0070-studio-in-a-project.md).
  const search = useSearch();
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  if (plan === 'free') return <Redirect to={search ? `${paths.startFree}?${search}` : paths.startFree} replace />;
  return <Studio tier="full" />;
}
