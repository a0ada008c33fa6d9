import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer, showsFooter } from '../shell/Footer';
import { NavRail } from '../shell/NavRail';
import { Notices } from '../shell/Notices';
import { useDownloads } from '../downloads/store';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { AboutPage, LandingPage } from '../landing/LandingPage';
import { NotFoundPage } from '../shell/NotFoundPage';
import { paths } from './routing';
import { startSessionTimer, useAuth } from '../auth/store';
import { startRealtimeWhenSignedIn } from './live';
import { removeStaticFirstRow } from './static-first-row';

// The landing page comes with the shell; every other screen is its own chunk (with its CSS),
// fetched when its route is first shown, so the landing and the gallery never download the
// studio, pricing, dashboard or sign-in code.
const GalleryPage = lazy(() => import('../gallery/GalleryPage').then((module) => ({ default: module.GalleryPage })));
const PricingPage = lazy(() => import('../pricing/PricingPage').then((module) => ({ default: module.PricingPage })));
const LoginPage = lazy(() => import('../auth/LoginPage').then((module) => ({ default: module.LoginPage })));
const ResetPasswordPage = lazy(() => import('../auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));
const HomePage = lazy(() => import('../studio/HomePage').then((module) => ({ default: module.HomePage })));
const StartFreePage = lazy(() => import('../studio/StartFreePage').then((module) => ({ default: module.StartFreePage })));
const GeneratePage = lazy(() => import('../studio/GeneratePage').then((module) => ({ default: module.GeneratePage })));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })));
const CreditsPage = lazy(() => import('../credits/CreditsPage').then((module) => ({ default: module.CreditsPage })));
const ComparePage = lazy(() => import('../compare/ComparePage').then((module) => ({ default: module.ComparePage })));
const ProjectPage = lazy(() => import('../projects/ProjectPage').then((module) => ({ default: module.ProjectPage })));
const ReviewPage = lazy(() => import('../review/ReviewPage').then((module) => ({ default: module.ReviewPage })));

/** A client's review page stands alone: no navigation, no account, no session check. */
function isReviewLocation(location: string): boolean {
  return location.startsWith('/review/');
}
// The download tray (and its CSS) loads with the first download.
const DownloadTray = lazy(() => import('../downloads/DownloadTray').then((module) => ({ default: module.DownloadTray })));
const BoardPage = lazy(() => import('../board/BoardPage').then((module) => ({ default: module.BoardPage })));

export function App() {
  const [location] = useLocation();
  const reviewing = isReviewLocation(location);
  const downloading = useDownloads((state) => state.current !== null);
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
  // The static first row belongs to the gallery, which removes it when its grid is on screen.
  useEffect(() => {
    if (location !== paths.gallery) removeStaticFirstRow();
  }, [location]);

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
      {showsFooter(location) && <Footer />}
      <Notices>
        {downloading && (
          <Suspense fallback={null}>
            <DownloadTray />
          </Suspense>
        )}
      </Notices>
    </div>
  );
}
