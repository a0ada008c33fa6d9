/**
 * Every screen of the app is placed for search engines (docs/decisions/0094-search-and-previews.md):
 * a public page (listed in the sitemap, described by its document), a public image's page, an
 * account's screen (kept out by robots.txt), a review link (kept out and `noindex`), or a sign-in
 * screen (the shell's `noindex`). A new route fails here until it is placed.
 */
import { describe, expect, it } from 'vitest';
import { galleryImagePath, PUBLIC_PAGES, SIGNED_IN_SCREENS } from '#shared/public-pages';
import { paths } from '../../../frontend/app/routing';

const SIGN_IN_SCREENS: string[] = [paths.login, paths.auth, paths.resetPassword];

function placeOf(path: string): string {
  if ((PUBLIC_PAGES as readonly string[]).includes(path)) return 'public';
  if (path === paths.image) return 'public image';
  if (SIGNED_IN_SCREENS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return 'account';
  if (path === paths.review) return 'review link';
  if (SIGN_IN_SCREENS.includes(path)) return 'sign-in';
  return 'unplaced';
}

describe('the app’s screens for search engines', () => {
  it('are each public, an account’s, a review link or a sign-in screen', () => {
    const unplaced = Object.values(paths).filter((path) => placeOf(path) === 'unplaced');
    expect(unplaced).toEqual([]);
  });

  it('have public pages the router knows, and a public image’s page at the path the Worker renders', () => {
    for (const page of PUBLIC_PAGES) expect(Object.values(paths)).toContain(page);
    expect(galleryImagePath('a b')).toBe('/gallery/a%20b');
    expect(paths.image).toBe('/gallery/:id');
  });
});
