import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNLIKED_REMOVE_DELAY_MS } from '../../../frontend/ui/timings';
import { galleryMessages } from '#shared/messages';
import { findGeneration } from '../../../frontend/queries/cache';
import { createQueryClient } from '../../../frontend/queries/client';
import { historyKeys } from '../../../frontend/queries/history';
import { dashboardKeys } from '../../../frontend/queries/dashboard';
import { galleryKeys } from '../../../frontend/queries/gallery';
import { deleteMutation, invalidateGenerationLists } from '../../../frontend/queries/generations';
import { isLikeBusy, likeMutation, visibilityMutation } from '../../../frontend/queries/mutations';
import { useNotices } from '../../../frontend/shell/notices';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname}`;
    calls.push(key);
    const route = routes[key];
    return route ? route() : json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  return calls;
}

const item = (id: string, liked: boolean, likeCount: number) => ({ id, liked, likeCount, images: [{}], visibility: 'private' });
const pages = (...items: Array<ReturnType<typeof item>>) => ({ pages: [{ items, nextCursor: null }], pageParams: [null] });

const galleryKey = galleryKeys.pages('u', '', 42);
const ownKey = dashboardKeys.list('u', 'generations');
const likesKey = dashboardKeys.list('u', 'likes');
const historyKey = historyKeys.of('u');

let client: QueryClient;
const notices = () => useNotices.getState().notices.map((notice) => notice.message);
const likeIn = (key: readonly unknown[], id: string) => findGeneration(client.getQueryData(key), id);

beforeEach(() => {
  client = createQueryClient();
  useNotices.setState({ notices: [] });
  // The same generation, as three screens cached it (counts may differ: each list's own read).
  client.setQueryData(galleryKey, pages(item('g', false, 3), item('other', false, 1)));
  client.setQueryData(ownKey, pages(item('g', false, 4)));
  client.setQueryData(likesKey, pages(item('x', true, 1)));
  client.setQueryData(historyKey, [{ ...item('g', false, 4), prompt: 'p', images: [] }]);
});

afterEach(() => {
  client.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const like = (id: string, liked: boolean) => new MutationObserver(client, likeMutation(client)).mutate({ id, liked }).catch(() => undefined);

describe('like / unlike', () => {
  it('guesses at once in every cached list, then takes the server’s answer everywhere', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = fakeApi({ 'PUT /api/generations/g/like': () => new Promise((resolve) => (answer = resolve)) });
    const done = like('g', true);
    await vi.waitFor(() => expect(likeIn(galleryKey, 'g')).toMatchObject({ liked: true, likeCount: 4 }));
    expect(likeIn(ownKey, 'g')).toMatchObject({ liked: true, likeCount: 5 });
    expect(likeIn(historyKey, 'g')).toMatchObject({ liked: true, likeCount: 5 });
    expect(likeIn(galleryKey, 'other')).toMatchObject({ liked: false, likeCount: 1 });
    expect(isLikeBusy(client, 'g')).toBe(true);
    expect(isLikeBusy(client, 'other')).toBe(false);

    // The HTTP client loads with the first request (queries/mutations.ts): answer once it is sent.
    await vi.waitFor(() => expect(calls).toContain('PUT /api/generations/g/like'));
    answer(json({ liked: true, likeCount: 9 }));
    await done;
    for (const key of [galleryKey, ownKey, historyKey]) expect(likeIn(key, 'g')).toMatchObject({ liked: true, likeCount: 9 });
    expect(isLikeBusy(client, 'g')).toBe(false);
    // The likes tab misses the new like: it is read again when shown.
    expect(client.getQueryState(likesKey)?.isInvalidated).toBe(true);
  });

  it('puts back what each list showed when the server refuses, with the like-failed notice', async () => {
    fakeApi({ 'PUT /api/generations/g/like': () => json({ error: { code: 'internal', message: 'x' } }, 500) });
    await like('g', true);
    expect(likeIn(galleryKey, 'g')).toMatchObject({ liked: false, likeCount: 3 });
    expect(likeIn(ownKey, 'g')).toMatchObject({ liked: false, likeCount: 4 });
    expect(likeIn(historyKey, 'g')).toMatchObject({ liked: false, likeCount: 4 });
    expect(notices()).toContain(galleryMessages.likeFailed);
  });

  it('takes an unliked card out of the likes tab after a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fakeApi({ 'DELETE /api/generations/x/like': () => json({ liked: false, likeCount: 0 }) });
    await like('x', false);
    expect(likeIn(likesKey, 'x')).toMatchObject({ liked: false, likeCount: 0 });
    vi.advanceTimersByTime(UNLIKED_REMOVE_DELAY_MS);
    expect(likeIn(likesKey, 'x')).toBeUndefined();
  });
});

describe('visibility and delete', () => {
  it('shows the new visibility in the dashboard, or says it failed', async () => {
    fakeApi({ 'PATCH /api/generations/g': () => json({ ...item('g', false, 4), visibility: 'public', images: [{ url: '/w' }] }) });
    await new MutationObserver(client, visibilityMutation(client)).mutate({ id: 'g', visibility: 'public' });
    expect(likeIn(ownKey, 'g')).toMatchObject({ visibility: 'public', images: [{ url: '/w' }] });

    vi.restoreAllMocks();
    fakeApi({ 'PATCH /api/generations/g': () => json({ error: { code: 'internal', message: 'x' } }, 500) });
    await new MutationObserver(client, visibilityMutation(client)).mutate({ id: 'g', visibility: 'private' }).catch(() => undefined);
    expect(notices()).toContain(galleryMessages.visibilityFailed);
  });

  it('removes a deleted generation from every list at once', async () => {
    fakeApi({ 'DELETE /api/generations/g': () => new Response(null, { status: 204 }) });
    await new MutationObserver(client, deleteMutation(client)).mutate('g');
    for (const key of [galleryKey, ownKey, historyKey]) expect(likeIn(key, 'g')).toBeUndefined();
    expect(likeIn(galleryKey, 'other')).toBeDefined();
  });

  it('says so and re-reads the lists when the delete fails', async () => {
    fakeApi({ 'DELETE /api/generations/g': () => json({ error: { code: 'internal', message: 'x' } }, 500) });
    await new MutationObserver(client, deleteMutation(client)).mutate('g').catch(() => undefined);
    expect(notices()).toContain(galleryMessages.deleteFailed);
    expect(client.getQueryState(historyKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(ownKey)?.isInvalidated).toBe(true);
  });
});

describe('live updates', () => {
  it('invalidate the dashboard lists and the studio history, not the gallery', async () => {
    await invalidateGenerationLists(client);
    expect(client.getQueryState(ownKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(likesKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(historyKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(galleryKey)?.isInvalidated).toBe(false);
  });
});
