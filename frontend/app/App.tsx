import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer, showsFooter } from '../shell/Footer';
import { NavRail } from '../shell/NavRail';
import { Notices } from '../shell/Notices';
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
const HomePage = lazy(() => import('../studio/HomePage').then((module) => ({ default: module.HomePage })));
const StartFreePage = lazy(() => import('../studio/StartFreePage').then((module) => ({ default: module.StartFreePage })));
const GeneratePage = lazy(() => import('../studio/GeneratePage').then((module) => ({ default: module.GeneratePage })));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })));

export function App() {
  const [location] = useLocation();
  useEffect(() => {
    void useAuth.getState().restore();
    const stopTimer = startSessionTimer();
    const stopRealtime = startRealtimeWhenSignedIn();
    return () => {
      stopTimer();
      stopRealtime();
    };
  }, []);
  // The static first row belongs to the gallery, which removes it when its grid is on screen.
  useEffect(() => {
    if (location !== paths.gallery) removeStaticFirstRow();
  }, [location]);

  return (
    <div className="app-shell">
      <NavRail />
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
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      {showsFooter(location) && <Footer />}
      <Notices />
    </div>
  );
}
