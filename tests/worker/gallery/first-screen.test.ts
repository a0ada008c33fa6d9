import { describe, expect, it } from 'vitest';
import type { GalleryItem, GalleryPage } from '#shared/gallery-types';
import { FIRST_GALLERY_PAGE_ELEMENT_ID, GALLERY_COLUMNS, ROUTE_PRELOADS_ATTRIBUTE, SESSION_HINT_COOKIE, STATIC_FIRST_ROW_ID } from '#shared/edge';
import { masonrySizes } from '#shared/grid-rules';
import { firstRowPreloads, scriptSafeJson, withFirstScreen, type InlinedGalleryPage } from '../../../worker/gallery/first-screen';
import { call, signUp } from '../helpers';
import { insertGeneration } from './gallery-helpers';

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

  it('writes the first row as plain images just before the root, over the page, hidden from assistive technology, with nothing to focus', async () => {
    const hostilePage: GalleryPage = {
      ...page,
      items: page.items.map((item, index) => index === 1 ? { ...item, images: item.images.map((image) => ({ ...image, thumbnailUrl: '/media/b"><script>alert(1)</script>.jpg' })) } : item),
    };
    const html = await withFirstScreen(new Response(SHELL), { q: '', page: hostilePage }, { staticRow: true }).text();
    // Outside the root, so the app's first render leaves it alone; the app removes it by its id.
    expect(html).toContain('<div id="root"></div>');
    const root = /<body>(.*)<div id="root"><\/div><\/body>/s.exec(html)?.[1] ?? '';
    expect(root).toContain(`<div class="fs-main" id="${STATIC_FIRST_ROW_ID}" aria-hidden="true">`);
    // Absolutely placed (nothing of the app's moves) and not clickable.
    expect(root).toContain('.fs-main{position:absolute;top:0;left:0;right:0;pointer-events:none}');
    const images = root.match(/<img [^>]*>/g) ?? [];
    // The first row of the widest grid: four cards, one image each, with the app's srcset and sizes.
    expect(images).toHaveLength(4);
    const sizes = masonrySizes(GALLERY_COLUMNS, 1).replace(/"/g, '&quot;');
    expect(images[0]).toBe(`<img src="/media/a-thumb.jpg" srcset="/media/a-512w.webp 512w, /media/a-1024w.webp 1024w" sizes="${sizes}" width="1024" height="768" alt="" decoding="async">`);
    expect(images[1]).toContain('src="/media/b&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.jpg"');
    expect(root).not.toContain('<script>alert');
    expect(root).not.toMatch(/<(a|button|input|select|textarea)\b|tabindex/);
    // The prompts stay out of the static row (they are in the inlined JSON, escaped).
    expect(root).not.toContain('house b');
  });

  it("unwraps the served route's chunk preloads and drops every other route's", async () => {
    const template = (route: string, file: string) => `<template ${ROUTE_PRELOADS_ATTRIBUTE}="${route}"><link rel="modulepreload" crossorigin href="/assets/${file}"></template>`;
    const shell = SHELL.replace('</title>', `</title>${template('/gallery', 'GalleryPage-1.js')}${template('/pricing', 'PricingPage-2.js')}`);
    const html = await withFirstScreen(new Response(shell), { q: '', page }, { route: '/gallery' }).text();
    expect(html).toContain('<title>Parti</title><link rel="modulepreload" crossorigin href="/assets/GalleryPage-1.js">');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('PricingPage');
    const landing = await withFirstScreen(new Response(shell), { q: '', page }, { route: '/' }).text();
    expect(landing).not.toMatch(/<template|modulepreload/);
  });

  it('writes no row without the static row and for an empty page', async () => {
    expect(await withFirstScreen(new Response(SHELL), { q: '', page }).text()).toContain('<body><div id="root"></div>');
    const empty = await withFirstScreen(new Response(SHELL), { q: '', page: { items: [], nextCursor: null, seed: 1 } }, { staticRow: true }).text();
    expect(empty).toContain('<body><div id="root"></div>');
  });

  it('writes the static row for a signed-out /gallery only: not for /, not when the session hint cookie is sent', async () => {
    const gallery = await call('/gallery');
    if (gallery.status === 404) return; // no built app (see below)
    const hasRow = async (response: Response) => (await response.text()).includes('class="fs-main"');
    await insertGeneration({ userId: (await signUp()).user.id, prompt: 'A static row study' });
    expect(await hasRow(await call('/gallery'))).toBe(true);
    expect(await hasRow(await call('/'))).toBe(false);
    expect(await hasRow(await call('/gallery', { cookie: `${SESSION_HINT_COOKIE}=1` }))).toBe(false);
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
