/**
 * The public screens React renders on the server (docs/decisions/0078-react-on-the-server.md):
 * `/gallery` and `/review/:token` per request, `/` and `/about` from the build's prerender, each
 * with the state the browser hydrates from. The build is vitest.workerd.ts's stand-in.
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workerBuild } from 'virtual:parti/app-server';
import { RENDERED_STATE_ELEMENT_ID, type RenderedState } from '#shared/app-document';
import { GALLERY_COLUMNS, SESSION_HINT_COOKIE } from '#shared/edge';
import { documentCacheKey } from '../../../worker/render/html-cache';
import { call, ORIGIN, signUp, type SignedUp } from '../helpers';
import { createLink, insertProject, insertVersion } from '../review/review-helpers';
import { clearGenerations, insertGeneration } from './gallery-helpers';

function renderedState(html: string): RenderedState {
  const match = new RegExp(`<script type="application/json" id="${RENDERED_STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error('no rendered state');
  return JSON.parse(match[1]) as RenderedState;
}

/** The app's markup: what the root element holds. */
function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
}

async function document(path: string, cookie?: string): Promise<{ response: Response; html: string }> {
  const response = await call(path, { cookie });
  return { response, html: await response.text() };
}

describe('the gallery rendered on the server', () => {
  let owner: SignedUp;

  beforeEach(async () => {
    await clearGenerations();
    owner = await signUp();
  });

  it('answers the first page’s cards as HTML, each image with the srcset and sizes of the app’s cards, and the state to hydrate from', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await insertVersion({ userId: owner.user.id, projectId: null, visibility: 'public', prompt: `A brick hall, study ${index}` }));
    const { response, html } = await document('/gallery');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Gallery — Parti</title>');
    // The screen's stylesheet and chunks come beside the entry.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/gallery-test.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/gallery-test.js">');
    const root = rootOf(html);
    const cards = root.match(/<article class="gallery-card"/g) ?? [];
    expect(cards).toHaveLength(6);
    const images = root.match(/<img src="\/media\/[^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const image of images) {
      expect(image).toMatch(/srcSet="\/media\/[^"]+ 512w, \/media\/[^"]+ 1024w"/);
      expect(image).toMatch(/sizes="[^"]+"/);
    }
    // The first row at the widest grid is fetched first; the rest of the first batch loads at once.
    expect(images.slice(0, GALLERY_COLUMNS.default).every((image) => image.includes('fetchPriority="high"'))).toBe(true);
    expect(images.slice(GALLERY_COLUMNS.default).some((image) => image.includes('fetchPriority'))).toBe(false);
    // No request for the first page once hydrated: the page is in the state, under its search.
    const state = renderedState(html);
    expect(state).toMatchObject({ path: '/gallery', search: '', auth: 'signedOut', gallery: { q: '' } });
    expect(state.gallery?.page.items.map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it('renders the search the address asks for, normalised as the app and the edge cache have it', async () => {
    await insertGeneration({ userId: owner.user.id, prompt: 'A villa on the ridge' });
    await insertGeneration({ userId: owner.user.id, prompt: 'A warehouse loft' });
    const { html } = await document('/gallery?q=%20%20VILLA%20&utm_source=x');
    const state = renderedState(html);
    expect(state).toMatchObject({ search: 'q=villa', gallery: { q: 'villa' } });
    expect(state.gallery?.page.items.map((item) => item.prompt)).toEqual(['A villa on the ridge']);
    expect(rootOf(html)).toContain('value="villa"');
  });

  it('keeps a hostile prompt inert: escaped in the markup and in the state, no script of its own', async () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028 <img src=x onerror=alert(2)>';
    await insertGeneration({ userId: owner.user.id, prompt: hostile });
    const { html } = await document('/gallery');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    // The only scripts are the shell's entry and the state.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(renderedState(html).gallery?.page.items[0]?.prompt).toBe(hostile);
    expect(rootOf(html)).toContain('aria-label="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows a visitor who may be signed in the loading state their browser shows, not the anonymous cards', async () => {
    await insertGeneration({ userId: owner.user.id, prompt: 'A pavilion in the rain' });
    const { html } = await document('/gallery', `${SESSION_HINT_COOKIE}=1`);
    const root = rootOf(html);
    expect(root).not.toContain('gallery-card');
    expect(root).toContain('class="dots-loader"');
    const state = renderedState(html);
    expect(state.auth).toBe('loading');
    // The anonymous page still comes along: a hint left by a session that has ended needs no request.
    expect(state.gallery?.page.items).toHaveLength(1);
  });
});

describe('the rendered gallery at the edge', () => {
  const previous = env.GALLERY_CACHE_SECONDS;
  beforeAll(() => {
    env.GALLERY_CACHE_SECONDS = '30';
  });
  afterAll(() => {
    env.GALLERY_CACHE_SECONDS = previous;
  });

  it('keeps each variant of a search’s document for the lifetime of its page, under the build that wrote it', async () => {
    const owner = await signUp();
    const word = `edge${crypto.randomUUID().slice(0, 8)}`;
    await insertGeneration({ userId: owner.user.id, prompt: `A ${word} pavilion` });
    const first = await document(`/gallery?q=${word}`);
    expect(first.response.headers.get('X-Gallery-Cache')).toBe('miss');
    const key = documentCacheKey('/gallery', { build: workerBuild?.id ?? '', origin: ORIGIN, variant: 'signedOut', q: word });
    await expect.poll(async () => (await caches.default.match(key)) !== undefined).toBe(true);
    const again = await document(`/gallery?q=${word.toUpperCase()}`);
    expect(again.response.headers.get('X-Gallery-Cache')).toBe('hit');
    expect(again.html).toBe(first.html);
    expect(again.response.headers.get('Cache-Control')).toBe('no-cache');
    // The maybe-signed-in variant is a document of its own.
    const hinted = await document(`/gallery?q=${word}`, `${SESSION_HINT_COOKIE}=1`);
    expect(hinted.response.headers.get('X-Gallery-Cache')).toBe('miss');
    expect(rootOf(hinted.html)).not.toContain('gallery-card');
  });
});

describe('the prerendered landing and about pages', () => {
  it('answer the build’s markup with the gallery’s first page for the strip, signed out whatever the cookie', async () => {
    const owner = await signUp();
    await insertGeneration({ userId: owner.user.id, prompt: 'A landing strip study' });
    for (const [path, markup] of [['/', 'The prerendered landing'], ['/about', 'The prerendered about page']] as const) {
      const { response, html } = await document(path, `${SESSION_HINT_COOKIE}=1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(rootOf(html)).toContain(markup);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/');
      const state = renderedState(html);
      expect(state).toMatchObject({ path, search: '', auth: 'signedOut', gallery: { q: '' } });
      expect(state.gallery?.page.items.length).toBeGreaterThan(0);
    }
  });
});

describe('a review link rendered on the server', () => {
  it('answers the project’s work as HTML with its state, not indexed, sending no referrer, stored nowhere', async () => {
    const owner = await signUp();
    const projectId = await insertProject(owner.user.id, 'Lakeside Pavilion');
    await insertVersion({ userId: owner.user.id, projectId, prompt: 'A pavilion by the lake' });
    const link = await createLink(owner.token, projectId);
    const token = new URL(link.url).pathname.split('/').at(-1) ?? '';
    const { response, html } = await document(`/review/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/review-test.js">');
    expect(rootOf(html)).toContain('<h1>Lakeside Pavilion</h1>');
    expect(rootOf(html)).not.toContain('class="rail"');
    const state = renderedState(html);
    expect(state.review?.token).toBe(token);
    expect(state.review?.page.project.name).toBe('Lakeside Pavilion');
  });

  it('answers an unknown or malformed token with a real 404, not indexed', async () => {
    for (const token of ['no-such-token', 'x'.repeat(300)]) {
      const response = await call(`/review/${token}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });
});
