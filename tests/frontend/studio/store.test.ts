import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generalMessages, jobMessages, studioMessages } from '#shared/messages';
import { createQueryClient } from '../../../frontend/queries/client';
import { isGenerating, submitGeneration } from '../../../frontend/studio/generate';
import { batchFromListed, type StudioBatch } from '../../../frontend/studio/history';
import { batchFromJob } from '../../../frontend/studio/jobs';
import type { JobSnapshot } from '#shared/job-types';
import { job } from './job-fixtures';
import { historyKeys, historyQuery } from '../../../frontend/queries/history';
import { applyJob, jobKeys } from '../../../frontend/queries/jobs';
import { applyBalance } from '../../../frontend/queries/profile';
import { profileIn, signInAs, signOut } from '../signed-in';
import { useNotices } from '../../../frontend/shell/notices';
import { initialControls, useStudio, type StudioImage } from '../../../frontend/studio/store';
import type { QueryClient } from '@tanstack/react-query';

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers fetch by "METHOD path" like the Worker would; records every call. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Array<{ key: string; body: unknown; headers: Headers }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body, headers: new Headers(init?.headers) });
    const route = routes[key];
    if (!route) return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    return route(init);
  });
  return calls;
}

const selectedImage: StudioImage = {
  id: 'old-0',
  batchId: 'old',
  index: 0,
  url: '/media/generations/u/old/0.jpg',
  thumbnailUrl: '/media/generations/u/old/0-thumb.jpg',
  storagePath: 'generations/u/old/0.jpg',
  width: 1000,
  height: 1000,
  placeholder: null,
  renditions: [],
  name: null,
};

class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 1920;
  naturalHeight = 1080;
  set src(_: string) {
    queueMicrotask(() => this.onload?.());
  }
}

const pristine = useStudio.getState();
let client: QueryClient;
const history = () => client.getQueryData<StudioBatch[]>(historyKeys.in('u', null)) ?? [];

beforeEach(() => {
  client = createQueryClient();
  vi.stubGlobal('Image', LoadingImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  useStudio.setState(pristine, true);
  useNotices.setState({ notices: [] });
  signInAs(client);
});

afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const notices = () => useNotices.getState().notices.map((notice) => notice.message);

function accepted(snapshot: JobSnapshot, creditsLeft: number | null = 10): Response {
  return json({ success: true, accepted: true, jobId: snapshot.id, generationId: snapshot.id, job: snapshot, creditsCharged: 2, creditsLeft }, 202);
}

const generateCalls = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.key === 'POST /api/generate');

describe('submitting', () => {
  it('sends one request: the clarification comes back from generate itself, charging nothing', async () => {
    const calls = fakeApi({
      'POST /api/generate': () =>
        json({ success: false, needsClarification: true, validationFeedback: '', suggestions: ['A stone chapel'], creditsCharged: 0 }),
    });
    useStudio.getState().setPrompt('a portrait of a cat');
    await submitGeneration(client);
    const state = useStudio.getState();
    expect(state.prompt).toBe('a portrait of a cat');
    expect(isGenerating(client)).toBe(false);
    expect(state.clarification).toEqual({ feedback: studioMessages.needsRefinementDefault, suggestions: ['A stone chapel'] });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/generate']);
    expect(calls[0]?.headers.get('Prefer')).toBe('respond-async');

    state.applySuggestion('A stone chapel');
    expect(useStudio.getState().prompt).toBe('A stone chapel');
    expect(useStudio.getState().clarification).toBeNull();
  });

  it('starts a job: the job joins the cache, the credits follow creditsLeft, and nothing re-reads the history', async () => {
    const calls = fakeApi({ 'POST /api/generate': () => accepted(job('j1', ['waiting', 'waiting'])) });
    client.setQueryData(historyKeys.in('u', null), []);
    useStudio.getState().setPrompt('  A glass house  ');
    await submitGeneration(client);
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.map((known) => known.id)).toEqual(['j1']);
    expect(useStudio.getState().prompt).toBe('');
    expect(isGenerating(client)).toBe(false);
    expect(profileIn(client)?.credits).toBe(10);
    expect(calls.map((call) => call.key)).toEqual(['POST /api/generate']);
    expect(calls[0]?.body).toMatchObject({ prompt: 'A glass house', model: 'standard', numberOfViews: 4, isRefinement: false });
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getQueryState(historyKeys.in('u', null))?.isInvalidated).toBe(false);
  });

  it('sends a double click once, and a second press with a new key', async () => {
    const calls = fakeApi({ 'POST /api/generate': () => accepted(job('j1', ['waiting'])) });
    useStudio.getState().setPrompt('A glass house');
    await Promise.all([submitGeneration(client), submitGeneration(client)]);
    expect(generateCalls(calls)).toHaveLength(1);
    useStudio.getState().setPrompt('A glass house');
    await submitGeneration(client);
    const keys = generateCalls(calls).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries a lost answer with the same key, so the Worker starts one job', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let attempts = 0;
    const calls = fakeApi({
      'POST /api/generate': () => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new TypeError('Failed to fetch')) : accepted(job('j1', ['waiting']));
      },
    });
    useStudio.getState().setPrompt('A glass house');
    const done = submitGeneration(client);
    await vi.advanceTimersByTimeAsync(3000);
    await done;
    vi.useRealTimers();
    const keys = new Set(generateCalls(calls).map((call) => call.headers.get('Idempotency-Key')));
    expect(generateCalls(calls)).toHaveLength(3);
    expect(keys.size).toBe(1);
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.map((known) => known.id)).toEqual(['j1']);
  });

  it('says how many generations are running and when to try again on the fair-share 429', async () => {
    fakeApi({
      'POST /api/generate': () =>
        new Response(JSON.stringify({ error: { code: 'too_many_jobs', message: jobMessages.tooManyJobs(3) } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'Retry-After': '15' },
        }),
    });
    useStudio.getState().setPrompt('A house');
    await submitGeneration(client);
    expect(notices()).toContain(`${jobMessages.tooManyJobs(3)} ${studioMessages.tryAgainIn(15)}`);
    expect(useStudio.getState().prompt).toBe('A house');
    expect(isGenerating(client)).toBe(false);
  });

  it('inside a project, sends it without the brief once when asked; its batch joins that project’s history and the whole one, no other, and learns its name', async () => {
    const image = { url: '/media/generations/u/g1/0.jpg', thumbnailUrl: '/media/t.webp', placeholder: '', width: 1024, height: 576, renditions: [] };
    const listed = {
      id: 'g1', prompt: 'A glass house', model: 'Concept', engine: 'preview', images: [image, { ...image, url: '/media/generations/u/g1/1.jpg' }],
      likeCount: 0, liked: false, createdAt: '2026-11-22T10:00:00.000Z', isOwn: true, visibility: 'public', referenceImages: [], projectId: 'p1',
      parentId: null, starred: false, briefVersion: null, briefAddition: null, version: { tree: 1, number: 3 }, parentVersion: null,
    };
    const calls = fakeApi({ 'POST /api/generate': () => accepted(job('g1', ['waiting', 'waiting'], { projectId: 'p1' })), 'GET /api/generations/g1': () => json(listed) });
    for (const scope of [null, 'p1', 'p2']) client.setQueryData(historyKeys.in('u', scope), []);
    useStudio.getState().setProjectId('p1');
    useStudio.getState().setWithoutBrief(true);
    useStudio.getState().setPrompt('A glass house');
    await submitGeneration(client);
    expect(generateCalls(calls)[0]?.body).toMatchObject({ projectId: 'p1', applyBrief: false });
    // The override is for that one generation.
    expect(useStudio.getState().withoutBrief).toBe(false);
    // The job's last snapshot (the live connection's) finishes it.
    applyJob(client, 'u', job('g1', ['done', 'done'], { projectId: 'p1' }));
    const ids = (scope: string | null) => client.getQueryData<StudioBatch[]>(historyKeys.in('u', scope))?.map((batch) => batch.id);
    expect([ids(null), ids('p1'), ids('p2')]).toEqual([['g1'], ['g1'], []]);
    // The snapshot carries no name (it is issued as the row is saved): the row is read once for it.
    const names = (scope: string | null) => client.getQueryData<StudioBatch[]>(historyKeys.in('u', scope))?.[0]?.images.map((shown) => shown.name);
    await vi.waitFor(() => expect([names(null), names('p1')]).toEqual([['B3-1', 'B3-2'], ['B3-1', 'B3-2']]));
    expect(calls.filter((call) => call.key === 'GET /api/generations/g1')).toHaveLength(1);

    useStudio.getState().setPrompt('A glass house at dusk');
    await submitGeneration(client);
    expect(generateCalls(calls)[1]?.body).toMatchObject({ projectId: 'p1' });
    expect(generateCalls(calls)[1]?.body).not.toHaveProperty('applyBrief');
  });

  it('keeps the newest 50 batches, oldest first', () => {
    const old = Array.from({ length: 50 }, (_, i) => ({
      id: `b${i}`, prompt: 'p', model: 'Fast', images: [], referenceUrls: [], liked: false, likeCount: 0, preview: false,
      createdAt: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    }));
    client.setQueryData(historyKeys.in('u', null), old);
    applyJob(client, 'u', job('g1', ['done']));
    expect(history()).toHaveLength(50);
    expect(history()[0]!.id).toBe('b1');
    expect(history().at(-1)?.id).toBe('g1');
  });

  it('does not let a history read that was under way replace the list while it generates', async () => {
    const calls = fakeApi({
      'GET /api/generations': () => new Promise<Response>(() => undefined),
      'POST /api/generate': () => accepted(job('j1', ['waiting'])),
    });
    const read = client.fetchQuery(historyQuery('u', null)).catch(() => 'cancelled');
    useStudio.getState().setPrompt('A glass house');
    await submitGeneration(client);
    expect(await read).toBe('cancelled');
    // The read itself was on its way (its answer, were it to come, would be dropped).
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /api/generations'));
  });

  it("refines with the selected image's own key (no download, no upload), then continues from the first result", async () => {
    const calls = fakeApi({ 'POST /api/generate': () => accepted(job('j2', ['waiting'])) });
    client.setQueryData(historyKeys.in('u', null), [{ id: 'old', prompt: 'A tower', model: 'Standard', images: [selectedImage], referenceUrls: [], createdAt: '2026-01-01T00:00:00.000Z', liked: false, likeCount: 0, preview: false }]);
    useStudio.getState().toggleSelected(selectedImage);
    expect(useStudio.getState()).toMatchObject({ refineMode: true, model: 'concept' });
    useStudio.getState().setPrompt('Make it taller');
    await submitGeneration(client);

    expect(calls.map((call) => call.key)).toEqual(['POST /api/generate']);
    const sent = calls[0]?.body;
    expect(sent).toMatchObject({ isRefinement: true, model: 'concept', referenceImages: ['generations/u/old/0.jpg'] });
    expect((sent as { conversationHistory: unknown[] }).conversationHistory[0]).toEqual({ role: 'user', parts: [{ text: 'A tower' }] });
    expect(useStudio.getState()).toMatchObject({ selected: [], awaitedRefinement: 'j2' });

    useStudio.getState().jobFinished(batchFromJob(job('j2', ['done'])));
    const state = useStudio.getState();
    expect(state.selected.map((image) => image.id)).toEqual(['j2-0']);
    expect(state.refineMode).toBe(true);
    expect(state.aspectRatio).toBe('9:16');
  });

  it.each([
    ['an answer that is not the API’s JSON', () => new Response('Bad gateway', { status: 503 }), studioMessages.generationFailedRetry],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), studioMessages.generationFailed],
    ['the API’s own error', () => json({ error: { code: 'invalid_request', message: 'Image-to-image needs at least one image.' } }, 400), 'Image-to-image needs at least one image.'],
  ])('tells the user about %s and gives the prompt back', async (_, answer, message) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fakeApi({ 'POST /api/generate': answer });
    useStudio.getState().setPrompt('A house');
    const done = submitGeneration(client);
    await vi.advanceTimersByTimeAsync(3000);
    await done;
    vi.useRealTimers();
    expect(notices()).toContain(message);
    expect(useStudio.getState().prompt).toBe('A house');
    expect(isGenerating(client)).toBe(false);
  });

  it('sends nothing without credits (the credits notice in the dock says why), and signed out says to log in', async () => {
    const calls = fakeApi({});
    applyBalance(client, 'u', { credits: 1 });
    useStudio.getState().setPrompt('A house');
    await submitGeneration(client);
    // No corner notice: it would cover Generate (tests/frontend/studio/dock-notices.test.tsx shows the dock's).
    expect(notices()).toEqual([]);
    expect(useStudio.getState().prompt).toBe('A house');
    expect(isGenerating(client)).toBe(false);

    signOut();
    await submitGeneration(client);
    expect(notices()).toContain(studioMessages.loginToUseCredits);
    expect(calls).toHaveLength(0);
  });

  it('aborts when every reference upload failed, and warns when some did', async () => {
    fakeApi({ 'POST /api/uploads': () => json({ error: { code: 'invalid_image', message: 'no' } }, 400) });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    useStudio.getState().addReferenceFiles([file]);
    useStudio.getState().setPrompt('Blend these');
    await submitGeneration(client);
    expect(notices()).toContain(studioMessages.allReferencesFailed);
    expect(useStudio.getState().prompt).toBe('Blend these');
  });
});

describe('images and refine mode', () => {
  it('turns refine mode on with an upload, detects its ratio, and leaves it when the last image goes', async () => {
    fakeApi({ 'POST /api/uploads': () => json({ path: 'references/u/r.png', url: '/m' }, 201) });
    useStudio.getState().addReferenceFiles([new File(['x'], 'wide.png', { type: 'image/png' }), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(useStudio.getState().references).toHaveLength(1);
    expect(useStudio.getState()).toMatchObject({ refineMode: true, model: 'concept' });
    await vi.waitFor(() => expect(useStudio.getState().aspectRatio).toBe('16:9'));
    useStudio.getState().removeReference(useStudio.getState().references[0]!.id);
    expect(useStudio.getState().refineMode).toBe(false);
  });

  it('shows the 5-second notice past three images, and refuses other models while images exist', () => {
    const images = [0, 1, 2, 3].map((i) => ({ ...selectedImage, id: `old-${i}`, index: i }));
    for (const image of images.slice(0, 3)) useStudio.getState().toggleSelected(image);
    expect(notices()).not.toContain(studioMessages.manyImagesNotice);
    useStudio.getState().toggleSelected(images[3]!);
    expect(notices()).toContain(studioMessages.manyImagesNotice);
    useStudio.getState().setModel('fast');
    expect(useStudio.getState().model).toBe('concept');
  });

  it('starts with the specified defaults', () => {
    expect(initialControls).toEqual({ model: 'standard', aspectRatio: '1:1', resolution: '1K', views: 4 });
  });
});

describe('enhancer through the store', () => {
  it('replaces the prompt, toggles the badge, and resets on an edit', async () => {
    fakeApi({ 'POST /api/prompt/enhance': () => json({ enhanced: 'A house, soft daylight' }) });
    useStudio.getState().setPrompt('A house');
    await useStudio.getState().enhance();
    expect(useStudio.getState()).toMatchObject({ prompt: 'A house, soft daylight', enhancer: { showing: 'enhanced' } });
    useStudio.getState().toggleEnhancerBadge();
    expect(useStudio.getState().prompt).toBe('A house');
    useStudio.getState().setPrompt('A house!');
    expect(useStudio.getState().enhancer).toBeNull();
  });

  it('tells the user when enhancement fails', async () => {
    fakeApi({ 'POST /api/prompt/enhance': () => json({ error: { code: 'internal', message: 'x' } }, 500) });
    useStudio.getState().setPrompt('A house');
    await useStudio.getState().enhance();
    expect(notices()).toContain(studioMessages.enhanceFailed);
    expect(useStudio.getState().prompt).toBe('A house');
  });

  it('shows the rate-limit message when the enhancer is metered (429)', async () => {
    fakeApi({ 'POST /api/prompt/enhance': () => json({ error: { code: 'rate_limited', message: generalMessages.rateLimited } }, 429) });
    useStudio.getState().setPrompt('A house');
    await useStudio.getState().enhance();
    expect(notices()).toContain(generalMessages.rateLimited);
    expect(useStudio.getState().prompt).toBe('A house');
  });

  it('shows the rate-limit message when generate is metered (429)', async () => {
    fakeApi({ 'POST /api/generate': () => json({ error: { code: 'rate_limited', message: generalMessages.rateLimited } }, 429) });
    useStudio.getState().setPrompt('a stone chapel');
    await submitGeneration(client);
    expect(notices()).toContain(generalMessages.rateLimited);
  });
});

describe('history from the server', () => {
  it('labels batches the preview engine drew, and only those', async () => {
    const item = {
      id: 'g1',
      prompt: 'A courtyard house',
      model: 'Standard' as const,
      engine: 'preview' as const,
      images: [{ url: '/media/a.jpg', thumbnailUrl: '/media/a-thumb.jpg', placeholder: '', width: 1024, height: 1024, renditions: [] }],
      likeCount: 0,
      liked: false,
      createdAt: '2026-11-22T10:00:00.000Z',
      isOwn: true,
      visibility: 'private' as const,
      referenceImages: [],
      projectId: null,
      parentId: null,
      starred: false,
      briefVersion: null,
      briefAddition: null,
      version: null,
      parentVersion: null,
    };
    expect(batchFromListed(item).preview).toBe(true);
    expect(batchFromListed({ ...item, engine: 'gemini' }).preview).toBe(false);
  });

  it('names each image of a version in a project by its view, and none outside a project', () => {
    const image = { url: '/media/a.jpg', thumbnailUrl: '/media/a-thumb.jpg', placeholder: '', width: 1024, height: 1024, renditions: [] };
    const item = {
      id: 'g2', prompt: 'A courtyard house', model: 'Standard' as const, engine: 'gemini' as const, images: [image, image], likeCount: 0, liked: false,
      createdAt: '2026-11-22T10:00:00.000Z', isOwn: true, visibility: 'private' as const, referenceImages: [], projectId: 'p1', parentId: null,
      starred: false, briefVersion: null, briefAddition: null, version: { tree: 1, number: 3 }, parentVersion: null,
    };
    expect(batchFromListed(item).images.map((shown) => shown.name)).toEqual(['B3-1', 'B3-2']);
    expect(batchFromListed({ ...item, projectId: null, version: null }).images.map((shown) => shown.name)).toEqual([null, null]);
  });
});
