/**
 * The current space (frontend/workspaces/current-space.ts, space.ts): taken up at sign-in per user,
 * switched and remembered, its calls sent with workspaceId by the API client, its cached lists
 * apart from every other space's, and each balance a charge leaves going to the space that paid.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { inCurrentSpace } from '../../../frontend/api/client';
import { useAuth } from '../../../frontend/auth/store';
import { appQueryClient } from '../../../frontend/queries/client';
import { billingKeys } from '../../../frontend/queries/credits';
import { historyKeys } from '../../../frontend/queries/history';
import { jobKeys } from '../../../frontend/queries/jobs';
import { applyBalance, profileOf } from '../../../frontend/queries/profile';
import { spaceStorageKey, spaceStore } from '../../../frontend/workspaces/current-space';
import { spaceBalanceNow, spaceRoleNow } from '../../../frontend/workspaces/hooks';
import { workspaceKeys } from '../../../frontend/workspaces/keys';
import { enterSpace } from '../../../frontend/workspaces/space';

const ada: ApiUser = { id: 'u1', email: 'ada@example.com', created_at: '2026-11-22T00:00:00.000Z', credits: 12, plan: 'free' };
const ben: ApiUser = { ...ada, id: 'u2', email: 'ben@example.com' };
const studio: WorkspaceSummary = { id: 'w1', name: 'Studio Nord', role: 'owner', credits: 40, plan: 'pro', logoUrl: null, createdAt: '2026-11-26T00:00:00.000Z' };

const session = (user: ApiUser): AuthResponse => ({
  user,
  session: { access_token: `token-of-${user.id}`, token_type: 'bearer', expires_in: 900, expires_at: Date.now() / 1000 + 900 },
});

beforeEach(() => {
  localStorage.clear();
  appQueryClient().clear();
  useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
  spaceStore.setState({ workspaceId: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the space a sign-in starts in', () => {
  it('is the one this browser remembers for that user, and none once signed out', () => {
    localStorage.setItem(spaceStorageKey(ada.id), 'w1');
    useAuth.getState().signedIn(session(ada));
    expect(spaceStore.getState().workspaceId).toBe('w1');
    // A renewal of the same session keeps the space the tab is in, switched since.
    spaceStore.setState({ workspaceId: 'w2' });
    useAuth.getState().signedIn(session(ada));
    expect(spaceStore.getState().workspaceId).toBe('w2');
    // Another user signing in starts in their own remembered space.
    useAuth.getState().signedIn(session(ben));
    expect(spaceStore.getState().workspaceId).toBeNull();
  });
});

describe('entering a space', () => {
  beforeEach(() => useAuth.getState().signedIn(session(ada)));

  it('is remembered for the user, and Personal forgets the workspace', () => {
    enterSpace(studio);
    expect(spaceStore.getState().workspaceId).toBe('w1');
    // A workspace just made or joined is among the user's at once, its pool the rail's balance.
    expect(appQueryClient().getQueryData(workspaceKeys.list(ada.id))).toEqual([studio]);
    expect(localStorage.getItem(spaceStorageKey(ada.id))).toBe('w1');
    enterSpace(null);
    expect(localStorage.getItem(spaceStorageKey(ada.id))).toBeNull();
  });

  it('drops the lists of the space left, but not those of the space entered or the user’s workspaces', () => {
    const client = appQueryClient();
    client.setQueryData(historyKeys.in(ada.id, null), []);
    client.setQueryData(jobKeys.of(ada.id), []);
    client.setQueryData(jobKeys.of('workspace:w1'), []);
    client.setQueryData(workspaceKeys.list(ada.id), [studio]);
    enterSpace(studio, client);
    expect(client.getQueryData(historyKeys.in(ada.id, null))).toBeUndefined();
    expect(client.getQueryData(jobKeys.of(ada.id))).toBeUndefined();
    expect(client.getQueryData(jobKeys.of('workspace:w1'))).toEqual([]);
    expect(client.getQueryData(workspaceKeys.list(ada.id))).toEqual([studio]);
    // The user's own profile and billing details are no space's lists: they stay.
    expect(profileOf(client, ada.id)?.credits).toBe(12);
    client.setQueryData(billingKeys.of(ada.id), { name: 'Ada' });
    enterSpace(null, client);
    expect(client.getQueryData(billingKeys.of(ada.id))).toEqual({ name: 'Ada' });
  });

  it('moves off a project of the space left', () => {
    window.history.replaceState(null, '', '/projects/p1');
    enterSpace(studio);
    expect(window.location.pathname).toBe('/projects');
  });
});

describe('the API client in a workspace', () => {
  it('sends workspaceId to the routes that act in a space, and to no other', () => {
    expect(inCurrentSpace('/api/generate', 'w1')).toBe('/api/generate?workspaceId=w1');
    expect(inCurrentSpace('/api/projects/p1/review-links?x=1', 'w1')).toBe('/api/projects/p1/review-links?x=1&workspaceId=w1');
    expect(inCurrentSpace('/api/generations/g1/images/0/upscale', 'w1')).toBe('/api/generations/g1/images/0/upscale?workspaceId=w1');
    expect(inCurrentSpace('/api/me/ledger?cursor=c', 'w1')).toBe('/api/me/ledger?cursor=c&workspaceId=w1');
    expect(inCurrentSpace('/api/payments/orders', 'w1')).toBe('/api/payments/orders?workspaceId=w1');
    for (const path of ['/api/me', '/api/gallery', '/api/likes/g1', '/api/uploads', '/api/workspaces/w1', '/api/payments/billing', '/api/realtime/ticket', '/api/generatex']) {
      expect(inCurrentSpace(path, 'w1')).toBe(path);
    }
  });

  it('sends nothing in the personal space, and never overrides a space a call names itself', () => {
    expect(inCurrentSpace('/api/generate', null)).toBe('/api/generate');
    expect(inCurrentSpace('/api/jobs?workspaceId=w2', 'w1')).toBe('/api/jobs?workspaceId=w2');
  });

  it('reads the current space when the call is made', () => {
    spaceStore.setState({ workspaceId: 'w1' });
    expect(inCurrentSpace('/api/jobs')).toBe('/api/jobs?workspaceId=w1');
  });
});

describe('balances', () => {
  beforeEach(() => useAuth.getState().signedIn(session(ada)));

  it('a workspace charge leaves go to its pool, never to the user’s own, and the reverse', () => {
    const client = appQueryClient();
    enterSpace(studio, client);
    applyBalance(client, ada.id, { credits: 32, workspaceId: 'w1' });
    expect(spaceBalanceNow()).toMatchObject({ credits: 32, plan: 'pro' });
    expect(profileOf(client, ada.id)?.credits).toBe(12);
    applyBalance(client, ada.id, { credits: 9 });
    expect(profileOf(client, ada.id)?.credits).toBe(9);
    expect(spaceBalanceNow()?.credits).toBe(32);
  });

  it('that pay are the current space’s: the user’s own in Personal, none while the workspace is unread', () => {
    expect(spaceBalanceNow()).toMatchObject({ credits: 12, plan: 'free' });
    expect(spaceRoleNow()).toBeNull();
    spaceStore.setState({ workspaceId: 'w9' });
    expect(spaceBalanceNow()).toBeUndefined();
    // A workspace not read yet is a viewer's: nothing its role may refuse is offered before.
    expect(spaceRoleNow()).toBe('viewer');
  });
});
