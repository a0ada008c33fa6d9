/**
 * robots.txt (docs/decisions/0094-search-and-previews.md): crawlers may read the public pages and
 * the public images (link previews fetch them as images too), not the API, not a review link (its
 * address is its key: a crawler that found one must not read the client's project) and not the
 * screens of a signed-in account, which show a crawler nothing but the sign-in; the sitemap says
 * where the public pages are.
 */
import { SIGNED_IN_SCREENS } from '#shared/public-pages';

/** What no crawler reads, by path prefix. */
const DISALLOWED_PATHS = ['/api/', '/review/', ...SIGNED_IN_SCREENS] as const;

export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}
