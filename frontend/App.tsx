import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer, showsFooter } from './components/Footer';
import { NavRail } from './components/NavRail';
import { Notices } from './components/Notices';
import { ProtectedRoute } from './components/ProtectedRoute';
import { AboutPage, LandingPage } from './pages/LandingPage';
import { DashboardPage } from './pages/DashboardPage';
import { GalleryPage } from './pages/GalleryPage';
import { GeneratePage } from './pages/GeneratePage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PricingPage } from './pages/PricingPage';
import { StartFreePage } from './pages/StartFreePage';
import { paths } from './routing';
import { startSessionTimer, useAuth } from './stores/auth';
import { startRealtime } from './stores/realtime';

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
