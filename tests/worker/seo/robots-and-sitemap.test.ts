/**
 * What crawlers read first (docs/decisions/0094-search-and-previews.md): robots.txt as text, not
 * the app's HTML, and a sitemap of the public pages and every public image's page, one file up to
 * the protocol's 50,000 addresses and an index of files past them (shown here with a limit of 3).
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, SIGNED_IN_SCREENS } from '#shared/public-pages';
import { createDatabase } from '../../../worker/db/client';
import { documentCacheKey } from '../../../worker/render/html-cache';
import { sitemapXml } from '../../../worker/seo/sitemap';
import { call, ORIGIN, signUp, type SignedUp } from '../helpers';
import { clearGenerations, insertGeneration } from '../gallery/gallery-helpers';

/** Every `<loc>` of a sitemap file, in order. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
}

const imagePage = (id: string) => `${ORIGIN}/gallery/${id}`;
const pages = PUBLIC_PAGES.map((path) => `${ORIGIN}${path}`);

describe('robots.txt', () => {
  it('lets crawlers read the public pages and images, not the API, review links or an account’s screens, and names the sitemap', async () => {
    const response = await call('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=UTF-8');
    const lines = (await response.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(['/api/', '/review/', ...SIGNED_IN_SCREENS]);
    // Nothing public is caught by a prefix: not the pages, not an image's page, not the media they show.
    for (const path of [...PUBLIC_PAGES, '/gallery/some-id', '/media/generations/u/g/0.jpg']) {
      expect(disallowed.some((prefix) => path.startsWith(prefix)), path).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  let owner: SignedUp;

  beforeEach(async () => {
    await clearGenerations();
    owner = await signUp();
  });

  it('lists the public pages and each public image’s page with its date, nothing private or without images', async () => {
    const createdAt = Date.UTC(2026, 10, 20, 9, 30);
    const shown = [await insertGeneration({ userId: owner.user.id, createdAt }), await insertGeneration({ userId: owner.user.id })];
    const hidden = [
      await insertGeneration({ userId: owner.user.id, visibility: 'private' }),
      await insertGeneration({ userId: owner.user.id, imageCount: 0 }),
    ];
    const response = await call('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    expect(locations(xml)).toEqual([...pages, ...shown.map(imagePage)]);
    expect(xml).toContain(`<url><loc>${imagePage(shown[0] ?? '')}</loc><lastmod>2026-11-20T09:30:00.000Z</lastmod></url>`);
    for (const id of hidden) expect(xml).not.toContain(id);
  });

  it('becomes an index past the limit: the pages’ file, then files of images, each within the limit and together every image', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) ids.push(await insertGeneration({ userId: owner.user.id }));
    const deps = { db: createDatabase(env.DB), origin: ORIGIN, maxUrls: 3 };
    const index = (await sitemapXml(deps, { kind: 'root' })) ?? '';
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locations(index);
    expect(files[0]).toBe(`${ORIGIN}/sitemap/pages.xml`);
    expect(await sitemapXml(deps, { kind: 'pages' })).toContain(`<loc>${ORIGIN}/about</loc>`);
    const listed: string[] = [];
    for (const file of files.slice(1)) {
      const part = Number(/\/sitemap\/(\d+)\.xml$/.exec(file)?.[1]);
      const entries = locations((await sitemapXml(deps, { kind: 'images', part })) ?? '');
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(3);
      listed.push(...entries);
    }
    expect(listed).toEqual(ids.map(imagePage));
    // A file the index does not name is no file.
    expect(await sitemapXml(deps, { kind: 'images', part: 99_999 })).toBeNull();
  });

  it('serves the index’s files by address and answers 404 for any other', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    expect(locations(await (await call('/sitemap/pages.xml')).text())).toEqual(pages);
    expect(locations(await (await call('/sitemap/0.xml')).text())).toEqual([imagePage(id)]);
    for (const path of ['/sitemap/1.xml', '/sitemap/x.xml', '/sitemap/0.txt']) expect((await call(path)).status, path).toBe(404);
  });
});

describe('the sitemap at the edge', () => {
  const previous = env.GALLERY_CACHE_SECONDS;
  beforeAll(() => {
    env.GALLERY_CACHE_SECONDS = '30';
  });
  afterAll(() => {
    env.GALLERY_CACHE_SECONDS = previous;
  });

  it('is built once and kept for its origin: an image made since waits for the next build', async () => {
    await clearGenerations();
    const owner = await signUp();
    const first = await insertGeneration({ userId: owner.user.id });
    const built = await (await call('/sitemap.xml')).text();
    expect(locations(built)).toContain(imagePage(first));
    await expect.poll(async () => (await caches.default.match(documentCacheKey('/sitemap.xml', { origin: ORIGIN }))) !== undefined).toBe(true);
    const later = await insertGeneration({ userId: owner.user.id });
    const response = await call('/sitemap.xml');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const again = await response.text();
    expect(again).toBe(built);
    expect(again).not.toContain(later);
  });
});
