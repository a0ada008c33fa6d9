import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_STATE_ELEMENT_ID, type RenderedState } from '#shared/app-document';
import { D1_BOOKMARK_HEADER, SESSION_HINT_COOKIE } from '#shared/edge';
import type { GalleryPage } from '#shared/gallery-types';
import type { ReviewPage } from '#shared/review-types';
import { api, currentBookmark, ok } from '../../../frontend/api/client';
import { readRenderedState } from '../../../frontend/app/rendered-state';
import { hasSessionHint } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { galleryKeys } from '../../../frontend/queries/gallery';
import { seedRenderedData } from '../../../frontend/queries/rendered-data';
import { reviewKeys } from '../../../frontend/review/keys';

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = RENDERED_STATE_ELEMENT_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('the rendered state a document carries', () => {
  const page = { items: [], nextCursor: 'n', seed: 4 } satisfies GalleryPage;
  const review = { project: { name: 'P' }, generations: [] } as unknown as ReviewPage;

  it('seeds the anonymous shared-order gallery of its search and the review page of its token', () => {
    const state: RenderedState = { path: '/gallery', search: 'q=villa', auth: 'signedOut', gallery: { q: 'villa', page }, review: { token: 't1', page: review } };
    const client = createQueryClient();
    seedRenderedData(client, readRenderedState(documentWith(JSON.stringify(state))));
    expect(client.getQueryData(galleryKeys.pages(null, 'villa', null))).toEqual({ pages: [page], pageParams: [null] });
    expect(client.getQueryData(galleryKeys.pages(null, '', null))).toBeUndefined();
    expect(client.getQueryData(reviewKeys.page('t1'))).toEqual(review);
  });

  it('is ignored when absent, malformed or of another shape', () => {
    expect(readRenderedState(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(readRenderedState(documentWith('{"path":'))).toBeNull();
    expect(readRenderedState(documentWith('{"path":"/","search":"","auth":"signedIn"}'))).toBeNull();
    const client = createQueryClient();
    seedRenderedData(client, null);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('the session hint', () => {
  it('is read from the cookie string', () => {
    expect(hasSessionHint(`a=1; ${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint('a=1; parti_has_sessionx=1')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });
});

describe('the API client and D1 bookmarks', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the newest bookmark the Worker answered and sends it with the next call', async () => {
    const sent: Array<string | null> = [];
    let answer = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      sent.push(new Headers(init?.headers).get(D1_BOOKMARK_HEADER));
      answer += 1;
      const headers = new Headers({ 'content-type': 'application/json' });
      if (answer < 3) headers.set(D1_BOOKMARK_HEADER, `bookmark-${answer}`);
      return new Response(JSON.stringify({ status: 'ok' }), { headers });
    });
    for (let call = 0; call < 4; call += 1) await ok(api.health.$get());
    expect(sent).toEqual([null, 'bookmark-1', 'bookmark-2', 'bookmark-2']);
    expect(currentBookmark()).toBe('bookmark-2');
  });
});
