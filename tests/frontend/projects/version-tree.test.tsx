/** The version tree in the DOM: reading order, connectors, node marks and actions, the approval slot. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionedItem } from '#shared/generations-types';
import { VersionTree } from '../../../frontend/projects/VersionTree';

const image = { url: '/m/full.jpg', thumbnailUrl: '/m/thumb.webp', placeholder: '', width: 1024, height: 1024, renditions: [{ url: '/m/320.webp', width: 320, height: 320 }] };

function item(id: string, parentId: string | null, extra: Partial<VersionedItem> = {}): VersionedItem {
  return {
    id, parentId, projectId: 'p1', prompt: `Prompt of ${id}`, model: 'Fast', engine: 'preview', images: [image], likeCount: 0, liked: false,
    createdAt: '2026-11-23T10:00:00.000Z', isOwn: true, visibility: 'private', referenceImages: [], starred: false, briefVersion: 2, briefAddition: null,
    version: null, parentVersion: null, ...extra,
  };
}

const actions = () => ({ onOpen: vi.fn(), onToggleStar: vi.fn(), onToggleCompare: vi.fn(), onUseAsHero: vi.fn() });

afterEach(cleanup);

describe('the version tree', () => {
  it('lists versions in reading order with one connector per parent and child', () => {
    const items = [
      item('a', null, { version: { tree: 0, number: 1 } }),
      item('b', null, { version: { tree: 1, number: 1 } }),
      item('a2', 'a', { version: { tree: 0, number: 2 }, parentVersion: { tree: 0, number: 1 } }),
      item('a3', 'a2', { version: { tree: 0, number: 3 }, parentVersion: { tree: 0, number: 2 } }),
      item('a2b', 'a', { version: { tree: 0, number: 4 }, parentVersion: { tree: 0, number: 1 } }),
    ];
    const { container } = render(<VersionTree items={items} projectId="p1" plan="pro" now={Date.parse('2026-11-23T12:00:00.000Z')} heroId={null} selected={[]} {...actions()} />);
    const names = screen.getAllByRole('article').map((node) => node.getAttribute('aria-label'));
    // The stored names, not depths: the branch A4 names the version it was made from.
    expect(names).toEqual(['Version A1: Prompt of a', 'Version A2: Prompt of a2', 'Version A3: Prompt of a3', 'Version A4, from A1: Prompt of a2b', 'Version B1: Prompt of b']);
    expect(within(screen.getByRole('article', { name: /^Version A4/ })).getByText('← A1')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: /^Version A3/ })).queryByText(/←/)).toBeNull();
    expect(container.querySelectorAll('.version-tree-edges path')).toHaveLength(3);
    expect(screen.getAllByText('2 h ago')).toHaveLength(5);
    expect(screen.getAllByText('Brief v2')).toHaveLength(5);
  });

  it('offers the node actions, marks starred, hero and selected versions, and fills the approval slot', () => {
    const handlers = actions();
    const items = [item('a', null, { starred: true, version: { tree: 0, number: 1 } }), item('a2', 'a', { version: { tree: 0, number: 2 }, parentVersion: { tree: 0, number: 1 } })];
    render(<VersionTree items={items} projectId="p1" plan="free" now={Date.now()} heroId="a" selected={['a2']} {...handlers}
      renderApproval={(entry) => (entry.id === 'a2' ? <span>Approved</span> : null)} />);
    const root = screen.getByRole('article', { name: /^Version A1/ });
    const second = screen.getByRole('article', { name: /^Version A2/ });
    expect(within(root).getByRole('img', { name: 'Current version' })).toBeTruthy();
    expect(within(root).getByText('Hero')).toBeTruthy();
    expect(within(root).getByRole('button', { name: 'Star as current version' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(second).getByRole('button', { name: 'Select for compare' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(second).getByText('Approved')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Branch from here' }).getAttribute('href')).toBe('/startfree?project=p1&parent=a2.0');
    fireEvent.click(within(second).getByRole('button', { name: 'Star as current version' }));
    fireEvent.click(within(root).getByRole('button', { name: 'Select for compare' }));
    fireEvent.click(within(second).getByRole('button', { name: 'Use as hero' }));
    fireEvent.click(within(second).getByRole('button', { name: /^Open/ }));
    expect(handlers.onToggleStar).toHaveBeenCalledWith(items[1]);
    expect(handlers.onToggleCompare).toHaveBeenCalledWith(items[0]);
    expect(handlers.onUseAsHero).toHaveBeenCalledWith(items[1]);
    expect(handlers.onOpen).toHaveBeenCalledWith(items[1]);
  });

  it('shows a region edit as "Edit: <instruction>" with its mask and a way to see it against its source, and offers Edit region', () => {
    const handlers = { ...actions(), onEditRegion: vi.fn() };
    const edit = { sourceId: 'a', sourceIndex: 0, maskUrl: '/media/masks/e.png?exp=1&sig=s', featherPx: 8 };
    const items = [
      item('a', null, { version: { tree: 0, number: 1 } }),
      item('e', 'a', { prompt: 'replace the sofa with a green velvet one', kind: 'edit', edit, version: { tree: 0, number: 2 }, parentVersion: { tree: 0, number: 1 } }),
    ];
    const { container } = render(<VersionTree items={items} projectId="p1" plan="pro" now={Date.now()} heroId={null} selected={[]} {...handlers} />);
    const node = screen.getByRole('article', { name: 'Version A2: Edit: replace the sofa with a green velvet one' });
    expect(within(node).getByRole('img', { name: 'Region edit' })).toBeTruthy();
    expect(within(node).getByRole('link', { name: /^Compare before and after/ }).getAttribute('href')).toBe('/compare?items=a.0%2Ce.0');
    expect(container.querySelectorAll('.tree-node-edit-mask')).toHaveLength(1);
    const root = screen.getByRole('article', { name: /^Version A1/ });
    expect(within(root).queryByRole('link', { name: /^Compare before and after/ })).toBeNull();
    fireEvent.click(within(root).getByRole('button', { name: 'Edit region' }));
    expect(handlers.onEditRegion).toHaveBeenCalledWith(items[0]);
  });

  it('explains an empty project', () => {
    render(<VersionTree items={[]} projectId="p1" plan="pro" now={Date.now()} heroId={null} selected={[]} {...actions()} />);
    expect(screen.getByText(/No generations yet/)).toBeTruthy();
  });
});
