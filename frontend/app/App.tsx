import { Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { NavRail } from '../shell/NavRail';
import { Notices } from '../shell/Notices';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { paths } from './routing';
import { startSessionTimer, useAuth } from '../auth/store';
import { startRealtimeWhenSignedIn } from './live';
import { lazyScreen } from './lazy-screen';

/**
 * A screen that reads server data, inside the QueryClient's scope: TanStack Query comes with the
 * screens that use it, never with the entry (docs/decisions/0078-react-on-the-server.md).
 */
function withQueries<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import('../queries/QueryScope')]).then(([Screen, { QueryScope }]) => {
      function QueriedScreen(props: P) {
        return (
          <QueryScope>
            <Screen {...props} />
          </QueryScope>
        );
      }
      return QueriedScreen;
    });
}

// Every screen is its own chunk (with its CSS), fetched when its route is first shown, so the
// landing never downloads the gallery's code and neither downloads the studio, compare, board or review.
const LandingPage = lazyScreen(() => import('../landing/LandingPage').then((module) => module.LandingPage));
const AboutPage = lazyScreen(() => import('../landing/LandingPage').then((module) => module.AboutPage));
const GalleryPage = lazyScreen(withQueries(() => import('../gallery/GalleryPage').then((module) => module.GalleryPage)));
const ImagePage = lazyScreen(withQueries(() => import('../gallery/ImagePage').then((module) => module.ImagePage)));
const PricingPage = lazyScreen(() => import('../pricing/PricingPage').then((module) => module.PricingPage));
const LoginPage = lazyScreen(withQueries(() => import('../auth/LoginPage').then((module) => module.LoginPage)));
const ResetPasswordPage = lazyScreen(() => import('../auth/ResetPasswordPage').then((module) => module.ResetPasswordPage));
const HomePage = lazyScreen(withQueries(() => import('../studio/HomePage').then((module) => module.HomePage)));
const StartFreePage = lazyScreen(withQueries(() => import('../studio/StartFreePage').then((module) => module.StartFreePage)));
const GeneratePage = lazyScreen(withQueries(() => import('../studio/GeneratePage').then((module) => module.GeneratePage)));
const DashboardPage = lazyScreen(withQueries(() => import('../dashboard/DashboardPage').then((module) => module.DashboardPage)));
const CreditsPage = lazyScreen(withQueries(() => import('../credits/CreditsPage').then((module) => module.CreditsPage)));
const ComparePage = lazyScreen(withQueries(() => import('../compare/ComparePage').then((module) => module.ComparePage)));
const ProjectPage = lazyScreen(withQueries(() => import('../projects/ProjectPage').then((module) => module.ProjectPage)));
const ReviewPage = lazyScreen(withQueries(() => import('../review/ReviewPage').then((module) => module.ReviewPage)));
const NotFoundPage = lazyScreen(() => import('../shell/NotFoundPage').then((module) => module.NotFoundPage));
const BoardPage = lazyScreen(withQueries(() => import('../board/BoardPage').then((module) => module.BoardPage)));
// The landing's chunk carries its footer: the two always come together.
const Footer = lazyScreen(() => import('../landing/LandingPage').then((module) => module.Footer));

/** A client's review page stands alone: no navigation, no account, no session check. */
function isReviewLocation(location: string): boolean {
  return location.startsWith('/review/');
}

/** The footer block appears on the landing and about routes only (docs/decisions/0034-routes-navigation-landing.md). */
function showsFooter(location: string): boolean {
  return location === paths.landing || location === paths.about;
}

/**
 * Loads the code of the screen at `path` when the server may have rendered it, so that screen
 * renders at once: the server before rendering it, main.tsx before hydrating it.
 */
export function preloadScreen(path: string): Promise<unknown> {
  if (path === paths.landing) return Promise.all([LandingPage.preload(), Footer.preload()]);
  if (path === paths.about) return Promise.all([AboutPage.preload(), Footer.preload()]);
  if (path === paths.pricing) return PricingPage.preload();
  if (path === paths.gallery) return GalleryPage.preload();
  if (path.startsWith(`${paths.gallery}/`)) return ImagePage.preload();
  if (isReviewLocation(path)) return ReviewPage.preload();
  return Promise.resolve();
}

export function App() {
  const [location] = useLocation();
  const reviewing = isReviewLocation(location);
  useEffect(() => {
    if (reviewing) return undefined;
    void useAuth.getState().restore();
    const stopTimer = startSessionTimer();
    const stopRealtime = startRealtimeWhenSignedIn();
    return () => {
      stopTimer();
      stopRealtime();
    };
  }, [reviewing]);

  return (
    <div className={reviewing ? 'app-shell app-shell--bare' : 'app-shell'}>
      {!reviewing && <NavRail />}
      <main className="app-main" id="main">
        {/* While a screen's chunk loads, the same empty placeholder as a session check: no spinner,
            and <main> keeps its full height so the footer does not jump. */}
        <Suspense fallback={<div className="route-placeholder" aria-busy="true" />}>
          <Switch>
            <Route path={paths.landing} component={LandingPage} />
            <Route path={paths.about} component={AboutPage} />
            <Route path={paths.gallery} component={GalleryPage} />
            <Route path={paths.image}>{(params) => <ImagePage id={params.id} />}</Route>
            <Route path={paths.pricing} component={PricingPage} />
            <Route path={paths.login} component={LoginPage} />
            <Route path={paths.auth} component={LoginPage} />
            <Route path={paths.resetPassword} component={ResetPasswordPage} />
            <Route path={paths.home}>
              <ProtectedRoute>
                <HomePage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.startFree}>
              <ProtectedRoute>
                <StartFreePage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.generate}>
              <ProtectedRoute>
                <GeneratePage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.dashboard}>
              <ProtectedRoute>
                <DashboardPage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.credits}>
              <ProtectedRoute>
                <CreditsPage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.compare}>
              <ProtectedRoute>
                <ComparePage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.projects}>
              <ProtectedRoute>
                <DashboardPage />
              </ProtectedRoute>
            </Route>
            <Route path={paths.project}>
              {(params) => (
                <ProtectedRoute>
                  <ProjectPage id={params.id} />
                </ProtectedRoute>
              )}
            </Route>
            <Route path={paths.review} component={ReviewPage} />
            <Route path={paths.board}>
              {(params) => (
                <ProtectedRoute>
                  <BoardPage projectId={params.id} />
                </ProtectedRoute>
              )}
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      {showsFooter(location) && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <Notices />
    </div>
  );
}
