/**
 * How the public pages present themselves to search engines and link previews
 * (docs/decisions/0094-search-and-previews.md): a title, a description, a canonical address and
 * Open Graph and Twitter card tags with a rendition as the picture, every URL absolute; `noindex`
 * on a review link's page, on a gallery search and on every page that is not there. The build is
 * vitest.workerd.ts's stand-in, whose shell carries the real one's `noindex`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RENDERED_STATE_ELEMENT_ID, type RenderedState } from '#shared/app-document';
import type { GalleryItem } from '#shared/gallery-types';
import { api, call, ORIGIN, signUp, type SignedUp } from '../helpers';
import { clearGenerations } from '../gallery/gallery-helpers';
import { createLink, insertProject, insertVersion } from '../review/review-helpers';

async function page(path: string): Promise<{ response: Response; html: string; head: string }> {
  const response = await call(path);
  const html = await response.text();
  return { response, html, head: html.slice(0, html.indexOf('</head>')) };
}

/** Every `<meta>` of a head by its name or property (each must appear once). */
function metaOf(head: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    if (key === undefined || content === undefined) continue;
    expect(tags[key], `${key} appears once`).toBeUndefined();
    tags[key] = content;
  }
  return tags;
}

function canonicalOf(head: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1];
}

function stateOf(html: string): RenderedState {
  const match = new RegExp(`<script type="application/json" id="${RENDERED_STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(match?.[1] ?? 'null') as RenderedState;
}

/** The 1280-px rung of a 2048-px original (shared/renditions.ts): what a preview shows. */
const PREVIEW_RUNG = /^https:\/\/parti\.test\/media\/generations\/[^"]+-1280w[^"]*\.webp$/;

describe('the public pages’ heads', () => {
  let owner: SignedUp;

  beforeEach(async () => {
    await clearGenerations();
    owner = await signUp();
  });

  it('name each page for search results and previews, with the gallery’s first work as the picture', async () => {
    const id = await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', width: 2048, prompt: 'A rammed earth chapel' });
    for (const [path, title] of [
      ['/', 'Parti — AI image studio for architecture and design'],
      ['/about', 'About Parti'],
      ['/pricing', 'Pricing & Plans — Parti'],
      ['/gallery', 'Gallery — Parti'],
    ] as const) {
      const { response, head } = await page(`${path}${path.includes('?') ? '&' : '?'}utm_source=newsletter`);
      expect(response.status).toBe(200);
      const meta = metaOf(head);
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toContain(`<title>${title.replace('&', '&amp;')}</title>`);
      expect(meta.robots).toBeUndefined();
      expect(meta.description).toBeTruthy();
      expect(head).not.toContain('an AI image studio."');
      // Canonical without the tracking parameter, absolute.
      expect(canonicalOf(head)).toBe(`${ORIGIN}${path}`);
      expect(meta).toMatchObject({
        'og:type': 'website',
        'og:site_name': 'Parti',
        'og:title': title.replace('&', '&amp;'),
        'og:description': meta.description,
        'og:url': `${ORIGIN}${path}`,
        'og:image:width': '1280',
        'og:image:height': '960',
        'og:image:alt': 'A rammed earth chapel',
        'twitter:card': 'summary_large_image',
        'twitter:title': meta['og:title'],
        'twitter:image': meta['og:image'],
      });
      expect(meta['og:image']).toMatch(PREVIEW_RUNG);
      expect(meta['og:image']).toContain(id);
    }
  });

  it('describe a page without a picture when the gallery has none', async () => {
    const { head } = await page('/pricing');
    const meta = metaOf(head);
    expect(meta['og:image']).toBeUndefined();
    expect(meta['twitter:card']).toBe('summary');
    expect(meta['og:title']).toBe('Pricing &amp; Plans — Parti');
  });

  it('keep a gallery search visitable but out of search results, canonical to its normalised search', async () => {
    await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', prompt: 'A villa on the ridge' });
    const { head } = await page('/gallery?q=%20VILLA%20&utm_source=x');
    expect(metaOf(head).robots).toBe('noindex, follow');
    expect(canonicalOf(head)).toBe(`${ORIGIN}/gallery?q=villa`);
    expect(metaOf(head).description).toContain('“villa”');
  });

  it('escape a hostile prompt in every tag it reaches', async () => {
    await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', prompt: '"><script>alert(1)</script> & more' });
    const { head } = await page('/gallery');
    expect(head).not.toContain('<script>alert');
    expect(metaOf(head)['og:image:alt']).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
  });

  it('leave a review link’s page the shell’s head: noindex, no preview', async () => {
    const projectId = await insertProject(owner.user.id, 'Lakeside Pavilion');
    await insertVersion({ userId: owner.user.id, projectId, prompt: 'A pavilion by the lake' });
    const link = await createLink(owner.token, projectId);
    const { head } = await page(new URL(link.url).pathname);
    expect(metaOf(head).robots).toBe('noindex');
    expect(canonicalOf(head)).toBeUndefined();
    expect(metaOf(head)['og:title']).toBeUndefined();
  });
});

describe('a public image’s own page', () => {
  let owner: SignedUp;

  beforeEach(async () => {
    owner = await signUp();
  });

  it('shows the image with its prompt and the way into the gallery, and previews as the image itself', async () => {
    const prompt = 'A concrete house on a cliff above the sea at golden hour, seen from the water';
    const id = await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', width: 2048, imageCount: 2, prompt });
    const { response, html, head } = await page(`/gallery/${id}?utm_source=share`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/image-test.js">');
    expect(head).toContain('<title>A concrete house on a cliff above the sea at golden hour… — Parti gallery</title>');
    const meta = metaOf(head);
    expect(meta.robots).toBeUndefined();
    expect(meta.description).toBe(`“${prompt}” — an image made with Parti's Standard model.`);
    expect(canonicalOf(head)).toBe(`${ORIGIN}/gallery/${id}`);
    expect(meta['og:url']).toBe(`${ORIGIN}/gallery/${id}`);
    expect(meta['og:image']).toMatch(PREVIEW_RUNG);
    expect(meta['og:image']).toContain(`/${id}/0-1280w`);
    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
    expect(root).toContain(`<h1 class="image-page-prompt">${prompt}</h1>`);
    expect(root).toContain('<a href="/gallery" class="button">More in the gallery</a>');
    const images = /<div class="image-page-images">(.*?)<\/div>/.exec(root)?.[1]?.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/srcSet="\/media\/[^"]+ 200w, [^"]+ 2048w"/);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[1]).toContain('loading="lazy"');
    const state = stateOf(html);
    expect(state).toMatchObject({ path: `/gallery/${id}`, search: '', auth: 'signedOut', image: { item: { id, prompt, liked: false, isOwn: false } } });
  });

  it('is a 404 that is never indexed when the image is private, missing or the address malformed', async () => {
    const privateId = await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'private' });
    for (const path of [`/gallery/${privateId}`, `/gallery/${crypto.randomUUID()}`, `/gallery/${'x'.repeat(80)}`, '/gallery/a/b']) {
      const { response, html, head } = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(metaOf(head).robots).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('is readable through the API for the page opened again from the history, public ones only', async () => {
    const publicId = await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', prompt: 'A glass pavilion' });
    const privateId = await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'private' });
    const found = await api.gallery[':id'].$get({ param: { id: publicId } });
    expect(found.status).toBe(200);
    expect(found.headers.get('Cache-Control')).toMatch(/^public, /);
    const item: GalleryItem = await found.json();
    expect(item).toMatchObject({ id: publicId, prompt: 'A glass pavilion', liked: false, isOwn: false, visibility: 'public' });
    expect((await api.gallery[':id'].$get({ param: { id: privateId } })).status).toBe(404);
  });
});
