/**
 * The masonry's server HTML holds at every width and hydrates as it is
 * (docs/decisions/0078-react-on-the-server.md): what the server renders, the browser's first
 * render repeats exactly, and it then learns its column count without moving an item.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GALLERY_COLUMNS } from '../../../frontend/gallery/layout';
import { Masonry } from '../../../frontend/ui/Masonry';

const items = ['a', 'b', 'c', 'd', 'e'].map((id, index) => ({ id, ratio: [0.75, 1, 0.5, 1.25, 0.75][index] ?? 1 }));

function grid() {
  return (
    <Masonry
      items={items}
      columns={GALLERY_COLUMNS}
      itemKey={(item) => item.id}
      relativeHeight={(item) => item.ratio}
      renderItem={(item) => <article>{item.id}</article>}
      label="Gallery"
    />
  );
}

beforeAll(() => {
  // React's act() runs here without Testing Library, which would say so itself.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});
afterEach(() => vi.restoreAllMocks());

describe('the masonry on the server and in the browser', () => {
  it('renders no width of its own on the server, and hydrates without a mismatch, then names its columns', async () => {
    const html = renderToString(grid());
    expect(html).not.toContain('data-columns');
    expect(html).toContain('<style>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const styleBefore = container.querySelector<HTMLElement>('[data-key="d"]')?.getAttribute('style');
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, grid(), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
    // jsdom's window is 1024 px wide: three columns; every item kept its fluid place.
    expect(container.querySelector('.masonry')?.getAttribute('data-columns')).toBe('3');
    expect(container.querySelector<HTMLElement>('[data-key="d"]')?.getAttribute('style')).toBe(styleBefore);
    container.remove();
  });
});
