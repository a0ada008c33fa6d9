import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateFailureResponse, GenerateSuccessResponse } from '#shared/api-types';
import { generalMessages, studioMessages } from '#shared/messages';
import { createQueryClient } from '../../../frontend/queries/client';
import { submitGeneration } from '../../../frontend/studio/generate';
import { batchFromListed, type StudioBatch } from '../../../frontend/studio/history';
import { queryKeys } from '../../../frontend/queries/keys';
import { useAuth } from '../../../frontend/auth/store';
import { useNotices } from '../../../frontend/shell/notices';
import { initialControls, useStudio, type StudioImage } from '../../../frontend/studio/store';
import type { QueryClient } from '@tanstack/react-query';

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers fetch by "METHOD path" like the Worker would; records every call. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const route = routes[key];
    if (!route) return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    return route(init);
  });
  return calls;
}

function success(overrides: Partial<GenerateSuccessResponse> = {}): GenerateSuccessResponse {
  const image = (index: number) => ({
    url: `/media/generations/u/g1/${index}.jpg`,
    thumbnailUrl: `/media/generations/u/g1/${index}-thumb.jpg`,
    storagePath: `generations/u/g1/${index}.jpg`,
    seed: 7 + index,
    index,
    width: 1024,
    height: 576,
    placeholder: '',
    renditions: [],
  });
  return {
    success: true,
    generationId: 'g1',
    imageUrl: image(0).url,
    imageUrls: [image(0).url, image(1).url],
    images: [image(0), image(1)],
    seed: 7,
    metadata: {
      prompt: 'A glass house',
      aspectRatio: '16:9',
      numberOfViews: 2,
      actualViews: 2,
      model: 'concept',
      resolution: '1K',
      generationType: 'image-to-image',
      timestamp: '2026-11-22T10:00:00.000Z',
      referenceImages: [],
      userPlan: 'free',
      watermarked: true,
      engine: 'preview',
      preview: true,
    },
    creditsCharged: 2,
    creditsLeft: 10,
    refunded: false,
    ...overrides,
  };
}

const selectedImage: StudioImage = {
  id: 'old-0',
  batchId: 'old',
  index: 0,
  url: '/media/generations/u/old/0.jpg',
  thumbnailUrl: '/media/generations/u/old/0-thumb.jpg',
  width: 1000,
  height: 1000,
  placeholder: null,
  renditions: [],
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
const history = () => client.getQueryData<StudioBatch[]>(queryKeys.historyOf('u')) ?? [];

beforeEach(() => {
  client = createQueryClient();
  vi.stubGlobal('Image', LoadingImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  useStudio.setState(pristine, true);
  useNotices.setState({ notices: [] });
  useAuth.setState({
    status: 'signedIn',
    accessToken: 'token',
    expiresAt: Date.now() / 1000 + 900,
    user: { id: 'u', email: 'a@example.com', created_at: '', credits: 12, plan: 'free' },
  });
});

afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const notices = () => useNotices.getState().notices.map((notice) => notice.message);

describe('submitting', () => {
  it('restores the prompt and shows the card on clarification, charging nothing', async () => {
    const calls = fakeApi({
      'POST /api/prompt/validate': () =>
        json({ isValid: false, feedback: '', suggestions: ['A stone chapel'], confidence: 'high' }),
    });
    useStudio.getState().setPrompt('a portrait of a cat');
    await submitGeneration(client);
    const state = useStudio.getState();
    expect(state.prompt).toBe('a portrait of a cat');
    expect(state.pending).toBeNull();
    expect(state.clarification).toEqual({ feedback: studioMessages.needsRefinementDefault, suggestions: ['A stone chapel'] });
    expect(calls.map((call) => call.key)).not.toContain('POST /api/generate');

    state.applySuggestion('A stone chapel');
    expect(useStudio.getState().prompt).toBe('A stone chapel');
    expect(useStudio.getState().clarification).toBeNull();
  });

  it('shows the card when the generate answer asks for clarification', async () => {
    fakeApi({
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': () =>
        json({ success: false, needsClarification: true, validationFeedback: 'Say more.', suggestions: ['x'], creditsCharged: 0 }),
    });
    useStudio.getState().setPrompt('a house');
    await submitGeneration(client);
    expect(useStudio.getState().clarification?.feedback).toBe('Say more.');
    expect(useStudio.getState().prompt).toBe('a house');
  });

  it('adds the batch, updates the credits from creditsLeft and clears the selection after a normal generation', async () => {
    const calls = fakeApi({
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': () => json(success({ metadata: { ...success().metadata, generationType: 'text-to-image' } })),
    });
    useStudio.getState().setPrompt('  A glass house  ');
    await submitGeneration(client);
    const state = useStudio.getState();
    expect(history().map((batch) => batch.id)).toEqual(['g1']);
    expect(history()[0]!.images).toHaveLength(2);
    expect(history()[0]!.preview).toBe(true);
    expect(state.prompt).toBe('');
    expect(state.selected).toEqual([]);
    expect(useAuth.getState().user?.credits).toBe(10);
    const sent = calls.find((call) => call.key === 'POST /api/generate')?.body;
    expect(sent).toMatchObject({ prompt: 'A glass house', model: 'standard', aspectRatio: '1:1', numberOfViews: 4, isRefinement: false });
  });

  it('keeps the newest 50 batches, oldest first, and re-reads the history a moment later', async () => {
    fakeApi({
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': () => json(success()),
    });
    const old = Array.from({ length: 50 }, (_, i) => ({
      id: `b${i}`, prompt: 'p', model: 'Fast', images: [], referenceUrls: [], liked: false, likeCount: 0, preview: false,
      createdAt: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    }));
    client.setQueryData(queryKeys.historyOf('u'), old);
    useStudio.getState().setPrompt('A glass house');
    await submitGeneration(client);
    expect(history()).toHaveLength(50);
    expect(history()[0]!.id).toBe('b1');
    expect(history().at(-1)?.id).toBe('g1');
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.historyOf('u'))?.isInvalidated).toBe(true));
  });

  it('does not let a history read that was under way replace the list while it generates', async () => {
    let answerList: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /api/generations': () => new Promise<Response>((resolve) => (answerList = resolve)),
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': () => json(success()),
    });
    const { historyQuery } = await import('../../../frontend/studio/history');
    const read = client.fetchQuery(historyQuery('u')).catch(() => 'cancelled');
    useStudio.getState().setPrompt('A glass house');
    const generating = submitGeneration(client);
    answerList(json({ items: [], nextCursor: null }));
    await generating;
    expect(await read).toBe('cancelled');
    expect(history().map((batch) => batch.id)).toEqual(['g1']);
  });

  it('refines with the selected image as an uploaded reference, then auto-selects the first result and adopts its ratio', async () => {
    const calls = fakeApi({
      'GET /media/generations/u/old/0.jpg': () => new Response(new Blob(['jpeg']), { status: 200 }),
      'POST /api/uploads': () => json({ path: 'references/u/r1.jpg', url: '/media/references/u/r1.jpg?sig=x' }, 201),
      'POST /api/generate': () => json(success()),
    });
    client.setQueryData(queryKeys.historyOf('u'), [{ id: 'old', prompt: 'A tower', model: 'Standard', images: [selectedImage], referenceUrls: [], createdAt: '2026-01-01T00:00:00.000Z', liked: false, likeCount: 0, preview: false }]);
    useStudio.getState().toggleSelected(selectedImage);
    expect(useStudio.getState()).toMatchObject({ refineMode: true, model: 'concept' });
    useStudio.getState().setPrompt('Make it taller');
    await submitGeneration(client);

    const sent = calls.find((call) => call.key === 'POST /api/generate')?.body;
    expect(sent).toMatchObject({ isRefinement: true, model: 'concept', referenceImages: ['references/u/r1.jpg'] });
    expect((sent as { conversationHistory: unknown[] }).conversationHistory[0]).toEqual({ role: 'user', parts: [{ text: 'A tower' }] });
    expect(calls.map((call) => call.key)).not.toContain('POST /api/prompt/validate');
    const upload = calls.find((call) => call.key === 'POST /api/uploads')?.body as FormData;
    expect((upload.get('file') as File).name).toBe('ref-selected-old-0.jpg');
    const state = useStudio.getState();
    expect(state.selected.map((image) => image.id)).toEqual(['g1-0']);
    expect(state.refineMode).toBe(true);
    expect(state.aspectRatio).toBe('16:9');
  });

  it('tells the user the credits came back when no image did', async () => {
    const failure: GenerateFailureResponse = {
      error: { code: 'upstream_failed', message: studioMessages.allGenerationsFailed },
      success: false,
      generationId: 'g2',
      refunded: true,
      creditsRefunded: 2,
      creditsCharged: 0,
      creditsLeft: 12,
      refundMessage: studioMessages.refunded(2),
      failureReason: 'timeout',
      reasonMessage: studioMessages.failureReasons.timeout,
    };
    fakeApi({
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': () => json(failure, 502),
    });
    useAuth.getState().setProfile({ credits: 10, plan: 'free' });
    useStudio.getState().setPrompt('A house');
    await submitGeneration(client);
    expect(notices()).toContain(
      `${studioMessages.allGenerationsFailed} ${studioMessages.failureReasons.timeout} ${studioMessages.refunded(2)}`,
    );
    expect(useAuth.getState().user?.credits).toBe(12);
    expect(useStudio.getState().pending).toBeNull();
  });

  it.each([
    ['an answer that is not the API’s JSON', () => new Response('Bad gateway', { status: 503 }), studioMessages.generationFailedRetry],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), studioMessages.generationFailed],
    ['the API’s own error', () => json({ error: { code: 'invalid_request', message: 'Image-to-image needs at least one image.' } }, 400), 'Image-to-image needs at least one image.'],
  ])('tells the user about %s and gives the prompt back', async (_, answer, message) => {
    fakeApi({
      'POST /api/prompt/validate': () => json({ isValid: true, feedback: '', suggestions: [], confidence: 'high' }),
      'POST /api/generate': answer,
    });
    useStudio.getState().setPrompt('A house');
    await submitGeneration(client);
    expect(notices()).toContain(message);
    expect(useStudio.getState()).toMatchObject({ pending: null, prompt: 'A house' });
  });

  it('refuses without credits with the specified text, and signed out with the login text', async () => {
    const calls = fakeApi({});
    useAuth.getState().setProfile({ credits: 1, plan: 'free' });
    useStudio.getState().setPrompt('A house');
    await submitGeneration(client);
    expect(notices()).toContain(studioMessages.notEnoughCredits(2, 'Standard'));

    useAuth.setState({ status: 'signedOut', user: null, accessToken: null });
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

  it('shows the rate-limit message when validation before generating is metered (429)', async () => {
    const calls = fakeApi({ 'POST /api/prompt/validate': () => json({ error: { code: 'rate_limited', message: generalMessages.rateLimited } }, 429) });
    useStudio.getState().setPrompt('a stone chapel');
    await submitGeneration(client);
    expect(notices()).toContain(generalMessages.rateLimited);
    expect(calls.map((call) => call.key)).not.toContain('POST /api/generate');
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
    };
    expect(batchFromListed(item).preview).toBe(true);
    expect(batchFromListed({ ...item, engine: 'gemini' }).preview).toBe(false);
  });
});
