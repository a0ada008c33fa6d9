import { Redirect, useSearch } from 'wouter';
import { Studio } from './Studio';
import { paths } from '../app/routing';
import { useSpacePlan } from '../workspaces/hooks';

/**
 * /startfree: the free-tier studio; a paid user goes to /generate
 * (docs/decisions/0023-studio-routes-and-duplicate-texts.md).
 */
export function StartFreePage() {
  const plan = useSpacePlan();
  // The project and branch in the address go along (docs/decisions/0070-studio-in-a-project.md).
  const search = useSearch();
  if (!plan) return <div className="route-placeholder" aria-busy="true" />;
  if (plan !== 'free') return <Redirect to={search ? `${paths.generate}?${search}` : paths.generate} replace />;
  return <Studio tier="free" />;
}
