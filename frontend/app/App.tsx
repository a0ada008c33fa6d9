import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer, showsFooter } from '../shell/Footer';
import { NavRail } from '../shell/NavRail';
import { Notices } from '../shell/Notices';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { AboutPage, LandingPage } from '../landing/LandingPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { GalleryPage } from '../gallery/GalleryPage';
import { GeneratePage } from '../studio/GeneratePage';
import { HomePage } from '../studio/HomePage';
import { LoginPage } from '../auth/LoginPage';
import { NotFoundPage } from '../shell/NotFoundPage';
import { PricingPage } from '../pricing/PricingPage';
import { StartFreePage } from '../studio/StartFreePage';
import { paths } from './routing';
import { startSessionTimer, useAuth } from '../auth/store';
import { startRealtime } from '../realtime/store';

export function App() {
  const [location] = useLocation();
  useEffect(() => {
    void useAuth.getState().restore();
    const stopTimer = startSessionTimer();
    const stopRealtime = startRealtime();
    return () => {
      stopTimer();
      stopRealtime();
    };
  }, []);

  return (
    <div className="app-shell">
      <NavRail />
      <main className="app-main" id="main">
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
      </main>
      {showsFooter(location) && <Footer />}
      <Notices />
    </div>
  );
}
