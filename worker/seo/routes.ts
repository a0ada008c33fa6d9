/**
 * What crawlers read first (docs/decisions/0094-search-and-previews.md): robots.txt, and the
 * sitemap built from D1 and kept at the edge like the gallery's documents, for an hour.
 */
import { Hono } from 'hono';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { edgeCacheDeps } from '../gallery';
import { cachedAnonymousDocument, documentCacheKey } from '../render';
import { generalMessages } from '#shared/messages';
import { robotsTxt } from './robots';
import { SITEMAP_MAX_URLS, sitemapXml, type SitemapFile } from './sitemap';

/** How long a sitemap stays fresh at the edge (and in crawlers' caches): they read it seldom, and new images can wait an hour. */
const SITEMAP_FRESH_SECONDS = 3600;

const XML = 'application/xml; charset=utf-8';

/** `pages.xml` or `<part>.xml` under /sitemap/; null for any other name. */
function fileOf(name: string): SitemapFile | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  const part = /^(\d{1,9})\.xml$/.exec(name)?.[1];
  return part === undefined ? null : { kind: 'images', part: Number(part) };
}

/** The sitemap file at `path`, from the edge while fresh; a file the index does not have is a 404. */
async function sitemapResponse(c: AppContext, path: string, file: SitemapFile): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const gallery = edgeCacheDeps(c.env.GALLERY_CACHE_SECONDS, backgroundTasks(c));
  // Off wherever the gallery's cache is off (the Worker's tests): every read sees the last write.
  const edge = { ...gallery, freshSeconds: gallery.freshSeconds === 0 ? 0 : SITEMAP_FRESH_SECONDS };
  const build = async () => {
    const xml = await sitemapXml({ db: c.var.db, origin, maxUrls: SITEMAP_MAX_URLS }, file);
    if (xml === null) throw new AppError('not_found', generalMessages.notFound);
    return { body: new Blob([xml]).stream(), storedAt: edge.nowMs };
  };
  const { body } = await cachedAnonymousDocument(edge, documentCacheKey(path, { origin }), build, XML);
  return new Response(body, { headers: { 'Content-Type': XML, 'Cache-Control': `public, max-age=${SITEMAP_FRESH_SECONDS}` } });
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', `public, max-age=${SITEMAP_FRESH_SECONDS}`);
    return c.text(robotsTxt(new URL(c.req.url).origin));
  })
  .get('/sitemap.xml', (c) => sitemapResponse(c, '/sitemap.xml', { kind: 'root' }))
  .get('/sitemap/:name', (c) => {
    const file = fileOf(c.req.param('name'));
    if (!file) throw new AppError('not_found', generalMessages.notFound);
    return sitemapResponse(c, c.req.path, file);
  });
