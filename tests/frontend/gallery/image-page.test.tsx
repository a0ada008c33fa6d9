/**
 * A public image's own page (docs/decisions/0094-search-and-previews.md): the server's HTML, with
 * the image the document carries, hydrates as it is and asks for nothing; the page of another
 * image (opened again from the history) asks `GET /api/gallery/:id`, and says so when the image is
 * no longer public.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDERED_STATE_ELEMENT_ID, type RenderedState } from '#shared/app-document';
import type { GalleryItem } from '#shared/gallery-types';
import { ImagePage } from '../../../frontend/gallery/ImagePage';
import { galleryItemQuery } from '../../../frontend/gallery/image-query';
import { createQueryClient } from '../../../frontend/queries/client';

const item: GalleryItem = {
  id: 'g-carried',
  prompt: 'A timber cabin with a steep roof beside a quiet mountain lake',
  model: 'Standard',
  engine: 'preview',
  images: [{
    url: '/media/generations/u/g-carried/0.jpg',
    thumbnailUrl: '/media/generations/u/g-carried/0-thumb.jpg',
    placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
    width: 1024,
    height: 768,
    renditions: [{ url: '/media/generations/u/g-carried/0-512w.webp', width: 512, height: 384 }],
  }],
  likeCount: 3,
  liked: false,
  createdAt: '2026-11-20T23:30:00.000Z',
  isOwn: false,
  visibility: 'public',
};

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  // The document's rendered state, read once by the app (frontend/app/rendered-state.ts).
  const state: RenderedState = { path: `/gallery/${item.id}`, search: '', auth: 'signedOut', image: { item } };
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = RENDERED_STATE_ELEMENT_ID;
  script.textContent = JSON.stringify(state);
  document.body.append(script);
});
afterEach(() => vi.restoreAllMocks());

describe('a public image’s page', () => {
  it('hydrates the server’s HTML with the image the document carried, without a request or a mismatch', async () => {
    const server = createQueryClient();
    server.setQueryData(galleryItemQuery(item.id).queryKey, item);
    const html = renderToString(<QueryClientProvider client={server}><ImagePage id={item.id} /></QueryClientProvider>);
    expect(html).toContain(`<h1 class="image-page-prompt">${item.prompt}</h1>`);
    // The same words on the server and in any browser's time zone.
    expect(html).toContain('Made with the Standard model on November 20, 2026 · 3 likes');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const requests = vi.spyOn(globalThis, 'fetch');
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <QueryClientProvider client={createQueryClient()}><ImagePage id={item.id} /></QueryClientProvider>, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    expect(requests).not.toHaveBeenCalled();
    expect(document.title).toBe('A timber cabin with a steep roof beside a quiet mountain… — Parti gallery');
    container.remove();
  });

  it('asks for an image the document did not carry, and says when it is no longer public', async () => {
    const requests = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(<QueryClientProvider client={createQueryClient()}><ImagePage id="g-gone" /></QueryClientProvider>);
    });
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('This image is not in the gallery'));
    const [input] = requests.mock.calls[0] ?? [];
    expect(input instanceof Request ? input.url : input?.toString()).toMatch(/\/api\/gallery\/g-gone$/);
    expect(container.querySelector('a.button')?.getAttribute('href')).toBe('/gallery');
    await act(async () => root.unmount());
    container.remove();
  });
});
