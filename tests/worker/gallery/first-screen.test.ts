import { describe, expect, it } from 'vitest';
import type { GalleryItem, GalleryPage } from '#shared/gallery-types';
import { FIRST_GALLERY_PAGE_ELEMENT_ID, GALLERY_COLUMNS } from '#shared/edge';
import { masonrySizes } from '#shared/grid-rules';
import { firstRowPreloads, scriptSafeJson, withFirstScreen, type InlinedGalleryPage } from '../../../worker/gallery/first-screen';
import { call } from '../helpers';

const SHELL = '<!doctype html><html><head><title>Parti</title></head><body><div id="root"></div></body></html>';

function card(id: string, prompt: string): GalleryItem {
  return {
    id,
    prompt,
    model: 'Standard',
    engine: 'preview',
    images: [{ url: `/media/${id}.jpg`, thumbnailUrl: `/media/${id}-thumb.jpg`, placeholder: 'x', width: 1024, height: 768, renditions: [{ url: `/media/${id}-512w.webp`, width: 512, height: 384 }, { url: `/media/${id}-1024w.webp`, width: 1024, height: 768 }] }],
    likeCount: 0,
    liked: false,
    createdAt: new Date(0).toISOString(),
    isOwn: false,
    visibility: 'public',
  };
}

function inlinedFrom(html: string): InlinedGalleryPage {
  const match = new RegExp(`<script type="application/json" id="${FIRST_GALLERY_PAGE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error('no inlined page');
  return JSON.parse(match[1]) as InlinedGalleryPage;
}

describe('the first screen', () => {
  const hostile = '</script><script>alert(1)</script><!-- & \u2028';
  const page: GalleryPage = { items: ['a', 'b', 'c', 'd', 'e'].map((id) => card(id, id === 'a' ? hostile : `house ${id}`)), nextCursor: 'next', seed: 9 };

  it('inlines the page as JSON no prompt can break out of', async () => {
    const response = withFirstScreen(new Response(SHELL, { headers: { 'Content-Type': 'text/html' } }), { q: '', page });
    const html = await response.text();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(inlinedFrom(html)).toEqual({ q: '', page });
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(scriptSafeJson('<>&')).toBe('"\\u003c\\u003e\\u0026"');
  });

  it('preloads the first row: two cards everywhere, the third from 481 px, the fourth from 1101 px', async () => {
    const html = await withFirstScreen(new Response(SHELL), { q: '', page }).text();
    const links = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    // Each names the card image's own srcset and sizes, so the browser fetches that rendition once.
    const sizes = masonrySizes(GALLERY_COLUMNS, 1).replace(/"/g, '&quot;');
    const preload = (id: string, extra: string) =>
      `<link rel="preload" as="image" href="/media/${id}-thumb.jpg" imagesrcset="/media/${id}-512w.webp 512w, /media/${id}-1024w.webp 1024w" imagesizes="${sizes}"${extra}>`;
    expect(links).toEqual([
      preload('a', ' fetchpriority="high"'),
      preload('b', ''),
      preload('c', ' media="(min-width: 481px)"'),
      preload('d', ' media="(min-width: 1101px)"'),
    ]);
    expect(firstRowPreloads({ items: [], nextCursor: null, seed: 1 })).toBe('');
  });

  it('serves / and /gallery through the Worker: the built document with the page of the search, else the assets\' answer', async () => {
    // With a built app (dist/client) the assets answer index.html; without one, 404.
    for (const path of ['/', '/gallery?q=%20Villa%20']) {
      const response = await call(path);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      if (response.status === 404) continue;
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(inlinedFrom(await response.text()).q).toBe(path === '/' ? '' : 'villa');
    }
  });
});
