/**
 * The routes of a signed-in account's screens (routing.ts isSignedInScreen), a chunk of their own
 * beside the entry's public routes: each screen is still its own chunk, fetched when first shown.
 * All but an invitation's page need a session; that page explains itself to a signed-out visitor.
 */
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { lazyScreen } from './lazy-screen';
import { paths } from './routing';
import { withQueries } from './with-queries';

const HomePage = lazyScreen(withQueries(() => import('../studio/HomePage').then((module) => module.HomePage)));
const StartFreePage = lazyScreen(withQueries(() => import('../studio/StartFreePage').then((module) => module.StartFreePage)));
const GeneratePage = lazyScreen(withQueries(() => import('../studio/GeneratePage').then((module) => module.GeneratePage)));
const DashboardPage = lazyScreen(withQueries(() => import('../dashboard/DashboardPage').then((module) => module.DashboardPage)));
const CreditsPage = lazyScreen(withQueries(() => import('../credits/CreditsPage').then((module) => module.CreditsPage)));
const ComparePage = lazyScreen(withQueries(() => import('../compare/ComparePage').then((module) => module.ComparePage)));
const ProjectPage = lazyScreen(withQueries(() => import('../projects/ProjectPage').then((module) => module.ProjectPage)));
const BoardPage = lazyScreen(withQueries(() => import('../board/BoardPage').then((module) => module.BoardPage)));
const NewWorkspacePage = lazyScreen(withQueries(() => import('../workspaces/NewWorkspacePage').then((module) => module.NewWorkspacePage)));
const WorkspacePage = lazyScreen(withQueries(() => import('../workspaces/WorkspacePage').then((module) => module.WorkspacePage)));
const SpendPage = lazyScreen(withQueries(() => import('../workspaces/SpendPage').then((module) => module.SpendPage)));
const InvitationPage = lazyScreen(withQueries(() => import('../workspaces/InvitationPage').then((module) => module.InvitationPage)));
const NotFoundPage = lazyScreen(() => import('../shell/NotFoundPage').then((module) => module.NotFoundPage));

/** The screens of the signed-in routes, each behind the session check. */
const protectedScreens = [
  [paths.home, HomePage],
  [paths.startFree, StartFreePage],
  [paths.generate, GeneratePage],
  [paths.dashboard, DashboardPage],
  [paths.projects, DashboardPage],
  [paths.credits, CreditsPage],
  [paths.compare, ComparePage],
  [paths.newWorkspace, NewWorkspacePage],
] as const;

export function SignedInRoutes() {
  return (
    <Switch>
      {protectedScreens.map(([path, Screen]) => (
        <Route key={path} path={path}>
          <ProtectedRoute>
            <Screen />
          </ProtectedRoute>
        </Route>
      ))}
      <Route path={paths.project}>
        {(params) => (
          <ProtectedRoute>
            <ProjectPage id={params.id} />
          </ProtectedRoute>
        )}
      </Route>
      <Route path={paths.board}>
        {(params) => (
          <ProtectedRoute>
            <BoardPage projectId={params.id} />
          </ProtectedRoute>
        )}
      </Route>
      <Route path={paths.workspace}>
        {(params) => (
          <ProtectedRoute>
            <WorkspacePage id={params.id} />
          </ProtectedRoute>
        )}
      </Route>
      <Route path={paths.workspaceSpend}>
        {(params) => (
          <ProtectedRoute>
            <SpendPage id={params.id} />
          </ProtectedRoute>
        )}
      </Route>
      <Route path={paths.invitation}>{(params) => <InvitationPage token={params.token} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
