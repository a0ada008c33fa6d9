/**
 * A project or a comparison opened in a tab that works in another space
 * (frontend/workspaces/found-elsewhere.ts): the screen asks the user's other spaces before it says
 * "not found", enters the one that holds it and stays on it, saying so; what none of them holds is
 * still not found, and the space does not move.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VersionedItem } from '#shared/generations-types';
import type { ProjectDetail } from '#shared/project-types';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { useAuth } from '../../../frontend/auth/store';
import { ComparePage } from '../../../frontend/compare/ComparePage';
import { compareMessages } from '../../../frontend/compare/copy';
import { ProjectPage } from '../../../frontend/projects/ProjectPage';
import { createQueryClient } from '../../../frontend/queries/client';
import { useNotices } from '../../../frontend/shell/notices';
import { spaceStore } from '../../../frontend/workspaces/current-space';
import { enterFoundSpace } from '../../../frontend/workspaces/found-elsewhere';

const studio: WorkspaceSummary = { id: 'w1', name: 'Studio Nord', role: 'member', credits: 40, plan: 'pro', logoUrl: null, createdAt: '2026-11-26T00:00:00.000Z' };
const harbour: ProjectDetail = {
  id: 'p1',
  name: 'Harbour Library',
  brief: {},
  briefVersion: 1,
  heroGenerationId: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  workspaceId: 'w1',
  generations: [],
};

const image = { url: '/m/full.jpg', thumbnailUrl: '/m/thumb.webp', placeholder: '', width: 1024, height: 768, renditions: [{ url: '/m/320.webp', width: 320, height: 240 }] };
const views: VersionedItem = {
  id: 'g1', parentId: null, projectId: 'p1', prompt: 'A harbour library', model: 'Fast', engine: 'preview', images: [image, image], likeCount: 0, liked: false,
  createdAt: '2026-11-26T00:00:00.000Z', isOwn: true, visibility: 'private', referenceImages: [], starred: false, briefVersion: 1, briefAddition: null,
  version: { tree: 0, number: 1 }, parentVersion: null,
};

/** The Worker as far as these pages ask it: the project and its generation live in `home` (a workspace id, or null for personal). */
function serve(home: string | null) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://parti.test');
    const space = url.searchParams.get('workspaceId');
    asked.push(`${url.pathname}${space ? ` in ${space}` : ''}`);
    if (url.pathname === '/api/workspaces') return Response.json({ items: [studio] });
    if (url.pathname === '/api/projects/p1' && space === home) return Response.json(harbour);
    if (url.pathname === '/api/generations/g1' && space === home) return Response.json(views);
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  }));
  return asked;
}

beforeEach(() => {
  localStorage.clear();
  useNotices.setState({ notices: [] });
  useAuth.setState({ status: 'signedIn', userId: 'u1', accessToken: 't', expiresAt: Date.now() / 1000 + 900 });
  spaceStore.setState({ workspaceId: null });
  window.history.replaceState(null, '', '/projects/p1');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a project opened from another space', () => {
  it('is found in the workspace that holds it, which becomes the tab’s space, on the same screen', async () => {
    const asked = serve('w1');
    render(<QueryClientProvider client={createQueryClient()}><ProjectPage id="p1" /></QueryClientProvider>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Library' })).toBeTruthy();
    expect(spaceStore.getState().workspaceId).toBe('w1');
    expect(window.location.pathname).toBe('/projects/p1');
    expect(useNotices.getState().notices.map((notice) => notice.message)).toEqual(['This project is in Studio Nord: you are working there now.']);
    // Asked in the tab's space, then in the user's other one, and read once there (the answer kept).
    expect(asked.filter((call) => /^\/api\/projects\/p1( in |$)/.test(call))).toEqual(['/api/projects/p1', '/api/projects/p1 in w1']);
    expect(screen.queryByText('This project does not exist, or it is not yours.')).toBeNull();
  });

  it('is not found when none of the user’s spaces holds it, and the space stays', async () => {
    const asked = serve('w9');
    render(<QueryClientProvider client={createQueryClient()}><ProjectPage id="p1" /></QueryClientProvider>);
    expect(await screen.findByText('This project does not exist, or it is not yours.')).toBeTruthy();
    expect(asked.filter((call) => /^\/api\/projects\/p1( in |$)/.test(call))).toEqual(['/api/projects/p1', '/api/projects/p1 in w1']);
    expect(spaceStore.getState().workspaceId).toBeNull();
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('is entered once, however many screens asked', () => {
    const client = createQueryClient();
    enterFoundSpace({ kind: 'project', space: studio }, client);
    enterFoundSpace({ kind: 'project', space: studio }, client);
    expect(spaceStore.getState().workspaceId).toBe('w1');
    expect(useNotices.getState().notices).toHaveLength(1);
  });

  it('found in the personal space from a workspace tab, goes back to it', async () => {
    spaceStore.setState({ workspaceId: 'w1' });
    const asked = serve(null);
    render(<QueryClientProvider client={createQueryClient()}><ProjectPage id="p1" /></QueryClientProvider>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Library' })).toBeTruthy();
    expect(spaceStore.getState().workspaceId).toBeNull();
    expect(asked.filter((call) => /^\/api\/projects\/p1( in |$)/.test(call))).toEqual(['/api/projects/p1 in w1', '/api/projects/p1']);
    expect(useNotices.getState().notices.map((notice) => notice.message)).toEqual(['This project is in your personal space: you are working there now.']);
  });
});

describe('a comparison opened from another space', () => {
  it('is shown in the workspace that holds its images, which becomes the tab’s space', async () => {
    window.history.replaceState(null, '', '/compare?items=g1.0,g1.1');
    const asked = serve('w1');
    // The comparison measures its panes; jsdom has no layout to observe.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    render(<QueryClientProvider client={createQueryClient()}><ComparePage /></QueryClientProvider>);
    expect(await screen.findByRole('group', { name: compareMessages.stageLabel(2) })).toBeTruthy();
    expect(spaceStore.getState().workspaceId).toBe('w1');
    expect(useNotices.getState().notices.map((notice) => notice.message)).toEqual(['These images are in Studio Nord: you are working there now.']);
    expect(asked.filter((call) => call.startsWith('/api/generations/g1'))).toEqual(['/api/generations/g1', '/api/generations/g1 in w1']);
    expect(window.location.pathname).toBe('/compare');
    expect(screen.queryByText(/Pick 2 to/)).toBeNull();
  });
});
