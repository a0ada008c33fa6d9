import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { NavRail } from '../shell/NavRail';
import { Notices } from '../shell/Notices';
import { RouteErrorBoundary } from '../shell/RouteErrorBoundary';
import { isSignedInScreen, paths } from './routing';
import { startSessionTimer, useAuth } from '../auth/store';
import { startRealtimeWhenSignedIn } from './live';
import { lazyScreen } from './lazy-screen';
import { withQueries } from './with-queries';

// Every screen is its own chunk (with its CSS), fetched when its route is first shown, so the
// landing never downloads the gallery's code and neither downloads the studio, compare, board or review.
const LandingPage = lazyScreen(() => import('../landing/LandingPage').then((module) => module.LandingPage));
const AboutPage = lazyScreen(() => import('../landing/LandingPage').then((module) => module.AboutPage));
const GalleryPage = lazyScreen(withQueries(() => import('../gallery/GalleryPage').then((module) => module.GalleryPage)));
const ImagePage = lazyScreen(withQueries(() => import('../gallery/ImagePage').then((module) => module.ImagePage)));
const PricingPage = lazyScreen(() => import('../pricing/PricingPage').then((module) => module.PricingPage));
const LoginPage = lazyScreen(withQueries(() => import('../auth/LoginPage').then((module) => module.LoginPage)));
const ResetPasswordPage = lazyScreen(() => import('../auth/ResetPasswordPage').then((module) => module.ResetPasswordPage));
const ReviewPage = lazyScreen(withQueries(() => import('../review/ReviewPage').then((module) => module.ReviewPage)));
const NotFoundPage = lazyScreen(() => import('../shell/NotFoundPage').then((module) => module.NotFoundPage));
/**
 * The routes of a signed-in account's screens, each screen still a chunk of its own: their table
 * and the names of their files are a chunk too, so a signed-out first visit carries none of them.
 */
const SignedInRoutes = lazyScreen(() => import('./SignedInRoutes').then((module) => module.SignedInRoutes));
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
  const signedIn = useAuth((state) => state.status === 'signedIn');
  useEffect(() => {
    // Signed in, a link to any account screen opens it without first fetching the routes' table.
    if (signedIn) void SignedInRoutes.preload().catch(() => undefined);
  }, [signedIn]);
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
        <RouteErrorBoundary resetKey={location}>
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
              <Route path={paths.review} component={ReviewPage} />
              <Route path={isSignedInScreen} component={SignedInRoutes} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
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
