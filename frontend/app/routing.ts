import type { Plan } from '#shared/plans';
import { RESET_PASSWORD_PATH } from '#shared/api-types';
import { SIGNED_IN_SCREENS } from '#shared/public-pages';

/**
 * Every path of the route table (docs/decisions/0034-routes-navigation-landing.md); anything else
 * is the 404 page.
 */
export const paths = {
  landing: '/',
  about: '/about',
  home: '/home',
  gallery: '/gallery',
  /** A public image's own page (galleryImagePath builds one). */
  image: '/gallery/:id',
  pricing: '/pricing',
  startFree: '/startfree',
  generate: '/generate',
  dashboard: '/dashboard',
  credits: '/credits',
  login: '/login',
  auth: '/auth',
  /** Where a password reset email's link lands (the Worker builds the link with the same path). */
  resetPassword: RESET_PASSWORD_PATH,
  projects: '/projects',
  project: '/projects/:id',
  compare: '/compare',
  review: '/review/:token',
  board: '/projects/:id/board',
  newWorkspace: '/workspaces/new',
  workspace: '/workspaces/:id',
  workspaceSpend: '/workspaces/:id/spend',
  /** Where an invitation's link lands (the Worker builds the link with shared/workspace-types.ts invitationPath, as the page does). */
  invitation: '/invitations/:token',
} as const;

/**
 * The paths of a signed-in account's screens (shared/public-pages.ts, which robots.txt keeps
 * crawlers out of): their routes are a chunk of their own (SignedInRoutes.tsx).
 */
export const isSignedInScreen = new RegExp(`^(${SIGNED_IN_SCREENS.join('|')})(/|$)`);

/** The studio ready for the user's own drawing (frontend/studio/drawing-input.ts reads `start`); /generate sends a free user on to /startfree with it. */
export const startFromDrawingPath = `${paths.generate}?start=drawing`;

export function projectPath(id: string): string {
  return `/projects/${encodeURIComponent(id)}`;
}

// The Worker builds a new link's URL with the same function.
export { reviewPath } from '#shared/review-types';

export function boardPath(id: string): string {
  return `${projectPath(id)}/board`;
}

export function workspacePath(id: string): string {
  return `/workspaces/${encodeURIComponent(id)}`;
}

export function workspaceSpendPath(id: string): string {
  return `${workspacePath(id)}/spend`;
}

/** Free users study in the free-tier studio; pro and enterprise in the full one. */
export function studioPathFor(plan: Plan | undefined): string {
  return plan === 'pro' || plan === 'enterprise' ? paths.generate : paths.startFree;
}

/**
 * Where a user goes after signing in: the redirect value when present and not /login or /,
 * otherwise the studio of their plan. Only same-site paths are followed.
 */
export function postLoginTarget(redirect: string | null, plan: Plan): string {
  if (redirect && isSafeRedirect(redirect)) {
    const target = redirect.startsWith('/') ? redirect : `/${redirect}`;
    const pathname = target.split(/[?#]/)[0];
    if (pathname !== paths.login && pathname !== paths.landing) return target;
  }
  return studioPathFor(plan);
}

function isSafeRedirect(redirect: string): boolean {
  return !redirect.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(redirect) && !redirect.includes('\\');
}

export function loginPathWithRedirect(redirect: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ redirect, ...extra });
  return `${paths.login}?${query.toString()}`;
}
