/**
 * The app's public screens, rendered by React (docs/decisions/0078-react-on-the-server.md): the
 * landing and about pages as the build prerendered them, with the first anonymous gallery page
 * for their strip; the gallery and a review link's page rendered per request. Every other path of
 * the app is a static asset (wrangler.toml `run_worker_first`). Without a build (`vite dev`) each
 * answers the app's shell and the browser renders the screen itself.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { renderScreen, workerBuild } from 'virtual:parti/app-server';
import { PRERENDERED_SCREENS, shellDocument, type RenderedState, type WorkerBuild } from '#shared/app-document';
import { normaliseGalleryQuery, SESSION_HINT_COOKIE } from '#shared/edge';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { edgeCacheDeps, galleryDeps, galleryQuerySchema, viewerGalleryPage } from '../gallery';
import { reviewDeps, reviewPage, tokenParamSchema } from '../review';
import { documentStream, htmlResponse } from './document';
import { cachedAnonymousDocument, documentCacheKey } from './html-cache';

/** Only the search reaches the page: a malformed address still gets the screen. */
const searchSchema = z.object({ q: z.string().optional().catch(undefined) });

/** A review link's address carries its token: nothing under it is indexed or handed on as a referrer. */
const REVIEW_HEADERS = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' };

/** The app's shell, which the browser renders alone: the build's, else (`vite dev`) the assets'. */
async function shell(c: AppContext, init: { status?: number; headers?: Record<string, string> } = {}): Promise<Response> {
  if (workerBuild) return htmlResponse(shellDocument(workerBuild), init);
  const html = await c.env.ASSETS.fetch(new URL('/', c.req.url));
  return htmlResponse(html.body, init);
}

/**
 * The session status the visitor's browser starts in: 'loading' when the hint cookie says a session
 * may exist. It is all a rendered document knows of the visitor, so no user's data is ever in one.
 */
function authOf(c: AppContext): RenderedState['auth'] {
  return getCookie(c, SESSION_HINT_COOKIE) === undefined ? 'signedOut' : 'loading';
}

/** The first anonymous page of a search, in the shared order, from the edge cache (0044). */
function anonymousPage(c: AppContext, q: string) {
  return viewerGalleryPage(galleryDeps(c), { q, limit: GALLERY_PAGE_SIZE }, null);
}

/** `/` and `/about`: the prerendered page, carrying the gallery's first page for its strip. */
async function prerenderedPage(c: AppContext, build: WorkerBuild, screen: 'landing' | 'about'): Promise<Response> {
  const { page } = await anonymousPage(c, '');
  // The build rendered it signed out, so its browser hydrates it so (whatever the hint cookie says).
  const state: RenderedState = { path: PRERENDERED_SCREENS[screen], search: '', auth: 'signedOut', gallery: { q: '', page } };
  const { title, markup } = build.prerendered[screen];
  return htmlResponse(documentStream(build, screen, { title, body: markup }, state));
}

/**
 * `/gallery`: the first page's cards for a signed-out visitor; for one who may be signed in, the
 * loading state their browser shows while it asks who they are (their own page leaves their cards
 * out and carries their likes). Both are the same for everyone, so both are kept at the edge.
 */
async function galleryDocument(c: AppContext, build: WorkerBuild, rawQ: string | undefined): Promise<Response> {
  const parsed = galleryQuerySchema.safeParse({ q: rawQ });
  const q = parsed.success ? normaliseGalleryQuery(parsed.data.q) : '';
  const auth = authOf(c);
  const render = async () => {
    const { page, storedAt } = await anonymousPage(c, q);
    const state: RenderedState = { path: '/gallery', search: q ? new URLSearchParams({ q }).toString() : '', auth, gallery: { q, page } };
    return { body: documentStream(build, 'gallery', await renderScreen(state), state), storedAt };
  };
  const edge = edgeCacheDeps(c.env.GALLERY_CACHE_SECONDS, backgroundTasks(c));
  const { body, outcome } = await cachedAnonymousDocument(edge, documentCacheKey(build.id, auth, q), render);
  return htmlResponse(body, { headers: { 'X-Gallery-Cache': outcome } });
}

function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
}

/** `/review/:token`: the link's page, rendered with its data; an unknown, revoked or expired link is a 404. */
async function reviewDocument(c: AppContext, build: WorkerBuild, rawToken: string): Promise<Response> {
  const token = tokenParamSchema.safeParse({ token: rawToken }).data?.token;
  const page = token === undefined ? null : await reviewPage(reviewDeps(c), token).catch(nullWhenNotFound);
  if (token === undefined || page === null) return shell(c, { status: 404, headers: REVIEW_HEADERS });
  const state: RenderedState = { path: `/review/${token}`, search: '', auth: 'signedOut', review: { token, page } };
  return htmlResponse(documentStream(build, 'review', await renderScreen(state), state), { headers: REVIEW_HEADERS });
}

export const renderedRoutes = new Hono<AppEnv>()
  .get('/', (c) => (workerBuild ? prerenderedPage(c, workerBuild, 'landing') : shell(c)))
  .get('/about', (c) => (workerBuild ? prerenderedPage(c, workerBuild, 'about') : shell(c)))
  .get('/gallery', validate('query', searchSchema), (c) =>
    workerBuild ? galleryDocument(c, workerBuild, c.req.valid('query').q) : shell(c),
  )
  .get('/review/:token', (c) => (workerBuild ? reviewDocument(c, workerBuild, c.req.param('token')) : shell(c, { headers: REVIEW_HEADERS })));
