import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1_BOOKMARK_HEADER, FIRST_GALLERY_PAGE_ELEMENT_ID, SESSION_HINT_COOKIE } from '#shared/edge';
import { api, currentBookmark, ok } from '../../../frontend/api/client';
import { hasSessionHint } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { readInlinedGalleryPage, seedInlinedGalleryPage } from '../../../frontend/queries/first-page';
import { queryKeys } from '../../../frontend/queries/keys';

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_GALLERY_PAGE_ELEMENT_ID;
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('the inlined first gallery page', () => {
  const page = { items: [{ id: 'a' }], nextCursor: 'n', seed: 4 };

  it('seeds the anonymous shared-order query of its search', () => {
    const client = createQueryClient();
    seedInlinedGalleryPage(client, readInlinedGalleryPage(documentWith(JSON.stringify({ q: 'villa', page }))));
    expect(client.getQueryData(queryKeys.galleryPages(null, 'villa', null))).toEqual({ pages: [page], pageParams: [null] });
    expect(client.getQueryData(queryKeys.galleryPages(null, '', null))).toBeUndefined();
  });

  it('is ignored when absent, malformed or of another shape', () => {
    expect(readInlinedGalleryPage(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(readInlinedGalleryPage(documentWith('{"q":'))).toBeNull();
    expect(readInlinedGalleryPage(documentWith('{"q":"","page":{"items":3}}'))).toBeNull();
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
