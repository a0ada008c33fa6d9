/**
 * What search engines may find of the app (docs/decisions/0094-search-and-previews.md): the public
 * pages, which sitemap.xml lists and whose documents describe themselves for search results and
 * link previews, and the screens of a signed-in account, which robots.txt keeps crawlers out of.
 */

/** The public pages, besides each public image's own page. */
export const PUBLIC_PAGES = ['/', '/about', '/pricing', '/gallery'] as const;

/**
 * The screens that show an account's own work, by path prefix (a project's board is under
 * /projects, a workspace's spend under /workspaces). An invitation's page is one: it acts for the
 * signed-in account, and its address is its key, as a review link's is.
 */
export const SIGNED_IN_SCREENS = ['/home', '/startfree', '/generate', '/dashboard', '/credits', '/projects', '/compare', '/workspaces', '/invitations'] as const;

/** A public image's own page: the image, its prompt and the way into the gallery. */
export function galleryImagePath(id: string): string {
  return `/gallery/${encodeURIComponent(id)}`;
}
