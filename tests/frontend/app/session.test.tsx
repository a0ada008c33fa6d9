import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { followSession } from '../../../frontend/app/session';
import { useAuth, useSessionProfile } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { historyKeys } from '../../../frontend/queries/history';
import { applyBalance } from '../../../frontend/queries/profile';
import { initialControls, useStudio } from '../../../frontend/studio/store';
import { profileIn, testUser } from '../signed-in';

const user = (id: string, overrides: Partial<ApiUser> = {}) => testUser({ id, email: `${id}@example.com`, ...overrides });
const answer = (profile: ApiUser): AuthResponse => ({
  user: profile,
  session: { access_token: `token-of-${profile.id}`, token_type: 'bearer', expires_in: 900, expires_at: Date.now() / 1000 + 900 },
});

let queryClient = createQueryClient();
let stop: (() => void) | null = null;
let meCalls = 0;

beforeEach(() => {
  queryClient = createQueryClient();
  meCalls = 0;
  // Signing out tells the Worker; GET /api/me is counted: a seeded profile is never asked for again.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname;
    if (path === '/api/me') meCalls += 1;
    return new Response(null, { status: 204 });
  });
});

afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
  useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
  vi.restoreAllMocks();
});

describe('a new person in the same tab', () => {
  it('finds no trace of the previous user after sign-out: draft controls, prompt, profile and cached lists are gone', async () => {
    stop = followSession(queryClient);
    useAuth.getState().signedIn(answer(user('a')));
    useStudio.setState({ prompt: 'My secret villa', model: 'ultra', aspectRatio: '16:9', views: 2, refineMode: true });
    queryClient.setQueryData(historyKeys.of('a'), [{ id: 'b1' }]);
    expect(profileIn(queryClient, 'a')).toMatchObject({ email: 'a@example.com' });

    await useAuth.getState().logOut();

    const draft = useStudio.getState();
    expect(draft.prompt).toBe('');
    expect({ model: draft.model, aspectRatio: draft.aspectRatio, views: draft.views, resolution: draft.resolution }).toEqual(initialControls);
    expect(draft.refineMode).toBe(false);
    expect(queryClient.getQueryData(historyKeys.of('a'))).toBeUndefined();
    expect(profileIn(queryClient, 'a')).toBeUndefined();
  });

  it('also when another user signs in without a sign-out between, and not on a renewal of the same session', () => {
    stop = followSession(queryClient);
    useAuth.getState().signedIn(answer(user('a')));
    useStudio.setState({ prompt: 'Draft of a' });
    useAuth.getState().signedIn(answer(user('a', { credits: 10 })));
    expect(useStudio.getState().prompt).toBe('Draft of a');
    expect(profileIn(queryClient, 'a')?.credits).toBe(10);

    useAuth.getState().signedIn(answer(user('b')));
    expect(useStudio.getState().prompt).toBe('');
    expect(profileIn(queryClient, 'a')).toBeUndefined();
    expect(profileIn(queryClient, 'b')).toMatchObject({ email: 'b@example.com' });
  });
});

describe('the profile a session answer carries', () => {
  it('waits for the query cache when it comes first, so the cache starts with it and asks GET /api/me for nothing', () => {
    useAuth.getState().signedIn(answer(user('a', { credits: 7 })));
    stop = followSession(queryClient);
    expect(profileIn(queryClient, 'a')).toMatchObject({ credits: 7, plan: 'free' });
    expect(meCalls).toBe(0);
  });

  it('is dropped, not kept for a later cache, when the session ends first', async () => {
    useAuth.getState().signedIn(answer(user('a')));
    await useAuth.getState().logOut();
    stop = followSession(queryClient);
    expect(profileIn(queryClient, 'a')).toBeUndefined();
  });

  it('reaches the screens of the entry, which read it from the cache and follow its changes', () => {
    function Balance() {
      const profile = useSessionProfile();
      return <p>{profile ? `${profile.credits} credits` : 'no profile'}</p>;
    }
    render(<Balance />);
    expect(screen.getByText('no profile')).toBeTruthy();
    stop = followSession(queryClient);
    act(() => void useAuth.getState().signedIn(answer(user('a', { credits: 7 }))));
    expect(screen.getByText('7 credits')).toBeTruthy();
    act(() => applyBalance(queryClient, 'a', { credits: 5 }));
    expect(screen.getByText('5 credits')).toBeTruthy();
    act(() => stop?.());
    expect(screen.getByText('no profile')).toBeTruthy();
  });
});
