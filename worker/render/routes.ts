/**
 * The app's public screens, rendered by React (docs/decisions/0078-react-on-the-server.md): the
 * landing, about and pricing pages as the build prerendered them (the landing and about pages
 * with the first anonymous gallery page for their strip), the gallery, a public image's page and
 * a review link's page rendered per request. Every public page names itself for search engines
 * and link previews in its head (docs/decisions/0094-search-and-previews.md). Every other path of
 * the app is a static asset (wrangler.toml `run_worker_first`). Without a build (`vite dev`) each
 * answers the app's shell and the browser renders the screen itself.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { renderScreen, workerBuild } from 'virtual:parti/app-server';
import { PRERENDERED_SCREENS, shellDocument, type PageMeta, type RenderedState, type ScreenText, type WorkerBuild } from '#shared/app-document';
import { normaliseGalleryQuery, SESSION_HINT_COOKIE } from '#shared/edge';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { galleryImagePath } from '#shared/public-pages';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { edgeCacheDeps, galleryDeps, galleryQuerySchema, generationIdSchema, publicGalleryItem, viewerGalleryPage } from '../gallery';
import { reviewDeps, reviewPage, tokenParamSchema } from '../review';
import { documentStream, htmlResponse } from './document';
import { cachedAnonymousDocument, documentCacheKey } from './html-cache';
import { pageMeta, previewImage } from './meta';

/** Only the search reaches the page: a malformed address still gets the screen. */
const searchSchema = z.object({ q: z.string().optional().catch(undefined) });

/** A review link's address carries its token: nothing under it is indexed or handed on as a referrer. */
const REVIEW_HEADERS = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' };

/** A page that is not there (an image made private, a mistyped address): the shell's not-found screen, never indexed. */
const MISSING_PAGE = { status: 404, headers: { 'X-Robots-Tag': 'noindex' } };

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

const originOf = (c: AppContext) => new URL(c.req.url).origin;

/** The first anonymous page of a search, in the shared order, from the edge cache (0044). */
function anonymousPage(c: AppContext, q: string) {
  return viewerGalleryPage(galleryDeps(c), { q, limit: GALLERY_PAGE_SIZE }, null);
}

/** The head of a page whose screen gave its words; null (the shell's head) when it gave none. */
function metaOf(c: AppContext, text: ScreenText | null, page: Parameters<typeof pageMeta>[2]): PageMeta | null {
  return text && pageMeta({ origin: originOf(c), name: c.env.APP_NAME }, text, page);
}

/**
 * `/`, `/about` and `/pricing`: the prerendered page, its link preview showing the gallery's first
 * work; the landing and about pages carry that first page for their strip.
 */
async function prerenderedPage(c: AppContext, build: WorkerBuild, screen: keyof typeof PRERENDERED_SCREENS): Promise<Response> {
  const { page } = await anonymousPage(c, '');
  const path = PRERENDERED_SCREENS[screen];
  // The build rendered it signed out, so its browser hydrates it so (whatever the hint cookie says).
  const state: RenderedState = { path, search: '', auth: 'signedOut', ...(screen === 'pricing' ? {} : { gallery: { q: '', page } }) };
  const { text, markup } = build.prerendered[screen];
  const meta = metaOf(c, text, { path, image: previewImage(originOf(c), page.items[0]) });
  return htmlResponse(documentStream(build, screen, { meta, body: markup }, state));
}

/**
 * `/gallery`: the first page's cards for a signed-out visitor; for one who may be signed in, the
 * loading state their browser shows while it asks who they are (their own page leaves their cards
 * out and carries their likes). Both are the same for everyone, so both are kept at the edge. A
 * search's page may be visited but is not for search results.
 */
async function galleryDocument(c: AppContext, build: WorkerBuild, rawQ: string | undefined): Promise<Response> {
  const parsed = galleryQuerySchema.safeParse({ q: rawQ });
  const q = parsed.success ? normaliseGalleryQuery(parsed.data.q) : '';
  const auth = authOf(c);
  const search = q ? new URLSearchParams({ q }).toString() : '';
  const render = async () => {
    const { page, storedAt } = await anonymousPage(c, q);
    const state: RenderedState = { path: '/gallery', search, auth, gallery: { q, page } };
    const { text, body } = await renderScreen(state);
    const meta = metaOf(c, text, { path: '/gallery', search, image: previewImage(originOf(c), page.items[0]), indexed: q === '' });
    return { body: documentStream(build, 'gallery', { meta, body }, state), storedAt };
  };
  const edge = edgeCacheDeps(c.env.GALLERY_CACHE_SECONDS, backgroundTasks(c));
  const key = documentCacheKey('/gallery', { build: build.id, origin: originOf(c), variant: auth, q });
  const { body, outcome } = await cachedAnonymousDocument(edge, key, render);
  return htmlResponse(body, { headers: { 'X-Gallery-Cache': outcome } });
}

function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
}

/**
 * `/gallery/:id`: a public image's own page, its link preview the image itself. Rendered for every
 * request, never kept: an image made private leaves its page at once.
 */
async function imageDocument(c: AppContext, build: WorkerBuild, rawId: string): Promise<Response> {
  const id = generationIdSchema.safeParse({ id: rawId }).data?.id;
  const item = id === undefined ? null : await publicGalleryItem(galleryDeps(c), id).catch(nullWhenNotFound);
  if (id === undefined || item === null) return shell(c, MISSING_PAGE);
  const path = galleryImagePath(id);
  const state: RenderedState = { path, search: '', auth: authOf(c), image: { item } };
  const { text, body } = await renderScreen(state);
  const meta = metaOf(c, text, { path, image: previewImage(originOf(c), item) });
  return htmlResponse(documentStream(build, 'image', { meta, body }, state));
}

/** `/review/:token`: the link's page, rendered with its data; an unknown, revoked or expired link is a 404. */
async function reviewDocument(c: AppContext, build: WorkerBuild, rawToken: string): Promise<Response> {
  const token = tokenParamSchema.safeParse({ token: rawToken }).data?.token;
  const page = token === undefined ? null : await reviewPage(reviewDeps(c), token).catch(nullWhenNotFound);
  if (token === undefined || page === null) return shell(c, { status: 404, headers: REVIEW_HEADERS });
  const state: RenderedState = { path: `/review/${token}`, search: '', auth: 'signedOut', review: { token, page } };
  // Its head stays the shell's, `noindex` included.
  const { body } = await renderScreen(state);
  return htmlResponse(documentStream(build, 'review', { meta: null, body }, state), { headers: REVIEW_HEADERS });
}

export const renderedRoutes = new Hono<AppEnv>()
  .get('/', (c) => (workerBuild ? prerenderedPage(c, workerBuild, 'landing') : shell(c)))
  .get('/about', (c) => (workerBuild ? prerenderedPage(c, workerBuild, 'about') : shell(c)))
  .get('/pricing', (c) => (workerBuild ? prerenderedPage(c, workerBuild, 'pricing') : shell(c)))
  .get('/gallery', validate('query', searchSchema), (c) =>
    workerBuild ? galleryDocument(c, workerBuild, c.req.valid('query').q) : shell(c),
  )
  .get('/gallery/:id', (c) => (workerBuild ? imageDocument(c, workerBuild, c.req.param('id')) : shell(c)))
  .get('/review/:token', (c) => (workerBuild ? reviewDocument(c, workerBuild, c.req.param('token')) : shell(c, { headers: REVIEW_HEADERS })))
  // Deeper addresses under either are no page at all.
  .get('/gallery/*', (c) => shell(c, MISSING_PAGE))
  .get('/review/*', (c) => shell(c, { status: 404, headers: REVIEW_HEADERS }));
