/**
 * A view's geometry in the DOM (docs/decisions/0093-drawing-inputs-ui.md): the viewer's score,
 * the free re-render's other render, the overlay read with the owner's token and its labelled
 * opacity slider, "Render again, more precise"; compare's items carry their map. jsdom has no
 * <dialog> modality, layout or ResizeObserver: showModal is stood in for, and the viewer's zoom
 * stage gets a size of its own.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardImage } from '#shared/gallery-types';
import type { VersionedItem } from '#shared/generations-types';
import { ImageLayer } from '../../../frontend/compare/ImageLayer';
import { resolveItems } from '../../../frontend/compare/items';
import { createQueryClient } from '../../../frontend/queries/client';
import { slideFidelity } from '../../../frontend/fidelity/slides';
import { VersionTree } from '../../../frontend/projects/VersionTree';
import { Viewer, type ViewerSlide } from '../../../frontend/viewer/Viewer';
import { signInAs } from '../signed-in';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const fidelity = { score: 0.93, retried: true, alternate: { score: 0.64, url: '/media/generations/u/g1/0-r2.jpg?exp=1&sig=s', thumbnailUrl: '/t.jpg', width: 1024, height: 768 } };
const slide: ViewerSlide = {
  url: '/media/generations/u/g1/0.jpg',
  alt: 'A house',
  prompt: 'A house',
  width: 1024,
  height: 768,
  fidelity: slideFidelity('g1', { index: 0, fidelity }, { step: 5, credits: 4 }),
};

let client: QueryClient;
let mapStatus = 200;
const mapCalls: Headers[] = [];

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  client = createQueryClient();
  mapStatus = 200;
  mapCalls.length = 0;
  signInAs(client);
  vi.stubGlobal('ResizeObserver', class {
    observe() {}
    unobserve() {}
    disconnect() {}
  });
  // The zoom stage's frame is the one box with a size: 800 × 600, the 1024 × 768 image fitted in it.
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function width(this: Element) {
    return this.classList.contains('viewer-frame') ? 800 : 0;
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function height(this: Element) {
    return this.classList.contains('viewer-frame') ? 600 : 0;
  });
  vi.stubGlobal('Image', class {
    set src(_: string) {}
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    if (url.pathname !== '/api/generations/g1/images/0/fidelity-map') return new Response(null, { status: 404 });
    mapCalls.push(new Headers(init?.headers));
    if (mapStatus !== 200) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: mapStatus, headers: { 'content-type': 'application/json' } });
    return new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });
  });
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function openViewer(onRenderAgain = vi.fn()) {
  render(
    <QueryClientProvider client={client}>
      <Viewer slides={[slide]} index={0} onIndexChange={() => undefined} onClose={() => undefined} onRenderAgain={onRenderAgain} />
    </QueryClientProvider>,
  );
  return { panel: screen.getByRole('region', { name: 'Geometry' }), onRenderAgain };
}

const image = () => document.querySelector<HTMLImageElement>('img.viewer-image');

describe('the viewer’s geometry', () => {
  it('says how much was kept, that it was re-rendered, and opens the other render', () => {
    const { panel } = openViewer();
    expect(within(panel).getByText('Geometry kept 93 %')).toBeTruthy();
    expect(within(panel).getByText('Re-rendered once to keep your geometry.')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Open the other render (kept 64 %)' }));
    expect(image()?.getAttribute('src')).toBe(fidelity.alternate.url);
    expect(within(panel).getByText('Geometry kept 64 %')).toBeTruthy();
    // The map is the chosen render's: no overlay over the other one.
    expect(within(panel).queryByRole('button', { name: 'Geometry overlay' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Back to the chosen render (kept 93 %)' }));
    expect(image()?.getAttribute('src')).toBe(slide.url);
  });

  it('lays the map over the image on demand, read with the token, with a labelled opacity and a legend', async () => {
    const { panel } = openViewer();
    const toggle = within(panel).getByRole('button', { name: 'Geometry overlay' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(mapCalls).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const overlay = await screen.findByRole('img', { name: 'Your drawing’s lines over the render: kept, lost and added' });
    expect(overlay.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(mapCalls[0]?.get('Authorization')).toBe('Bearer token');
    expect((overlay as HTMLImageElement).style.opacity).toBe('0.8');

    const slider = within(panel).getByRole('slider', { name: 'Overlay opacity' });
    expect(slider.getAttribute('aria-valuetext')).toBe('80 %');
    fireEvent.change(slider, { target: { value: '40' } });
    expect((overlay as HTMLImageElement).style.opacity).toBe('0.4');
    expect(within(within(panel).getByRole('list', { name: 'Overlay colours' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Lost lines',
      'Kept lines',
      'Added lines',
    ]);

    fireEvent.click(toggle);
    expect(screen.queryByRole('img', { name: /over the render/ })).toBeNull();
  });

  it('lays the map inside the zoom stage with the image’s size and transform, so it zooms and pans with it', async () => {
    const { panel } = openViewer();
    fireEvent.click(within(panel).getByRole('button', { name: 'Geometry overlay' }));
    const overlay = await screen.findByRole('img', { name: 'Your drawing’s lines over the render: kept, lost and added' });
    const placed = overlay.closest<HTMLElement>('.viewer-overlay');
    const fitted = image()?.style.transform;
    expect(placed?.closest('.viewer-frame')).toBe(image()?.closest('.viewer-frame'));
    expect(placed?.style.width).toBe(image()?.style.width);
    expect(placed?.style.transform).toBe(fitted);

    fireEvent.keyDown(document, { key: '+' });
    await waitFor(() => expect(image()?.style.transform).not.toBe(fitted));
    expect(placed?.style.transform).toBe(image()?.style.transform);
  });

  it('says so when the map cannot be read', async () => {
    mapStatus = 404;
    const { panel } = openViewer();
    fireEvent.click(within(panel).getByRole('button', { name: 'Geometry overlay' }));
    expect(await within(panel).findByText('The overlay could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('renders again, more precise, at the step and price it names', async () => {
    const { panel, onRenderAgain } = openViewer();
    const again = within(panel).getByRole('button', { name: /^Render again, more precise/ });
    expect(document.getElementById(again.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Precise 5 of 5 · 4 credits');
    fireEvent.click(again);
    await waitFor(() => expect(onRenderAgain).toHaveBeenCalledWith(0));
  });

  it('shows nothing of the kind for a view neither scored nor from a drawing', () => {
    render(
      <QueryClientProvider client={client}>
        <Viewer slides={[{ ...slide, fidelity: undefined }]} index={0} onIndexChange={() => undefined} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Geometry' })).toBeNull();
  });
});

describe('compare', () => {
  it('gives each scored image its score and the owner’s map', () => {
    const card = (score?: number): CardImage => ({ url: '/o.jpg', thumbnailUrl: '/t.jpg', placeholder: '', width: 1024, height: 768, renditions: [], ...(score === undefined ? {} : { fidelity: { score, retried: false } }) });
    const generation = (id: string, score?: number) => ({ state: 'loaded' as const, generation: { id, prompt: 'p', model: 'Concept', createdAt: '2026-11-22T10:00:00.000Z', images: [card(score)], version: null } });
    const { images } = resolveItems(
      [{ generationId: 'a', imageIndex: 0 }, { generationId: 'b', imageIndex: 0 }],
      new Map([['a', generation('a', 0.9)], ['b', generation('b')]]),
    );
    expect(images[0]?.fidelity).toEqual({ score: 0.9, map: { kind: 'owner', generationId: 'a', index: 0, score: 0.9 } });
    expect(images[1]).not.toHaveProperty('fidelity');
  });

  it('lays an image’s map over it with the same transform while the overlay is on (a review link’s map by its URL)', () => {
    const item = { key: 'g.0', label: 'A', alt: 'A house', url: '/o.jpg', renditions: [], width: 1024, height: 768, placeholder: '', fidelity: { score: 0.9, map: { kind: 'url' as const, url: '/api/review/t/images/g/0/fidelity-map' } } };
    const frame = { width: 512, height: 384, imageWidth: 1024, imageHeight: 768 };
    const layer = (overlayOpacity?: number) => (
      <QueryClientProvider client={client}>
        <ImageLayer image={item} frame={frame} view={{ zoom: 2, x: 0.25, y: 0.25 }} dpr={1} overlayOpacity={overlayOpacity} />
      </QueryClientProvider>
    );
    const { container, rerender } = render(layer());
    expect(container.querySelector('.compare-fidelity-map')).toBeNull();
    rerender(layer(50));
    const map = container.querySelector<HTMLImageElement>('.compare-fidelity-map');
    const image = container.querySelector<HTMLImageElement>('.compare-image');
    expect(map?.getAttribute('src')).toBe(item.fidelity.map.url);
    expect(map?.style.opacity).toBe('0.5');
    expect(map?.style.transform).toBe(image?.style.transform);
    expect(map?.style.width).toBe(image?.style.width);
  });
});

describe('the version tree', () => {
  it('marks a scored version with its badge, and no other', () => {
    const image: CardImage = { url: '/o.jpg', thumbnailUrl: '/t.jpg', placeholder: '', width: 1024, height: 768, renditions: [] };
    const version = (id: string, parentId: string | null, number: number, score?: number): VersionedItem => ({
      id, parentId, projectId: 'p1', prompt: `Prompt of ${id}`, model: 'Concept', engine: 'preview', likeCount: 0, liked: false, createdAt: '2026-11-23T10:00:00.000Z',
      isOwn: true, visibility: 'private', referenceImages: [], starred: false, briefVersion: null, briefAddition: null,
      version: { tree: 0, number }, parentVersion: number > 1 ? { tree: 0, number: number - 1 } : null,
      images: [score === undefined ? image : { ...image, fidelity: { score, retried: false } }],
    });
    render(<VersionTree items={[version('a', null, 1), version('b', 'a', 2, 0.875)]} projectId="p1" plan="pro" now={Date.now()} heroId={null} selected={[]}
      onOpen={vi.fn()} onToggleStar={vi.fn()} onToggleCompare={vi.fn()} onUseAsHero={vi.fn()} />);
    expect(within(screen.getByRole('article', { name: /^Version A2/ })).getByRole('button', { name: 'Geometry kept 87 %' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: /^Version A1/ })).queryByRole('button', { name: /^Geometry kept/ })).toBeNull();
  });
});
