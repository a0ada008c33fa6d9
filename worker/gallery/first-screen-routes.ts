import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { galleryDeps } from './routes';
import { galleryQuerySchema } from './requests';
import { viewerGalleryPage } from './service';
import { normaliseGalleryQuery, SESSION_HINT_COOKIE } from '#shared/edge';
import { getCookie } from 'hono/cookie';
import { withFirstScreen } from './first-screen';

/** Only the search reaches the page: a malformed address still gets the app (and its first page). */
const firstScreenQuerySchema = z.object({ q: z.string().optional().catch(undefined) });

/**
 * The app's document for `/` and `/gallery` with the first anonymous gallery page inlined
 * (docs/decisions/0046-first-screen-without-waiting.md); every other path is a static asset.
 */
async function firstScreen(c: AppContext, route: '/' | '/gallery', rawQ: string | undefined): Promise<Response> {
  const parsed = galleryQuerySchema.safeParse({ q: rawQ });
  const q = parsed.success ? normaliseGalleryQuery(parsed.data.q) : '';
  const [html, { page }] = await Promise.all([
    c.env.ASSETS.fetch(new URL('/', c.req.url)),
    viewerGalleryPage(galleryDeps(c), { q, limit: GALLERY_PAGE_SIZE }, null),
  ]);
  // The assets' own answer (copied: theirs has immutable headers) when there is no document.
  if (!html.ok) return new Response(html.body, html);
  // A visitor who may be signed in sees their own page (their cards left out), not the
  // anonymous row: for them the app paints the grid once it knows who they are.
  const maybeSignedIn = getCookie(c, SESSION_HINT_COOKIE) !== undefined;
  return withFirstScreen(html, { q, page }, { route, staticRow: route === '/gallery' && !maybeSignedIn });
}

export const firstScreenRoutes = new Hono<AppEnv>()
  .get('/', validate('query', firstScreenQuerySchema), (c) => firstScreen(c, '/', undefined))
  .get('/gallery', validate('query', firstScreenQuerySchema), (c) => firstScreen(c, '/gallery', c.req.valid('query').q));
