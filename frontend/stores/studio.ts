/**
 * The studio's state: the controls of the input bar, the prompt and its enhancer, refine mode
 * with its selected and uploaded images, the pending generation, the validation card and the
 * batch history. Rules live in components/studio/rules.ts; this store sequences the calls.
 */
import { create } from 'zustand';
import type { GenerateSuccessResponse, UploadResponse } from '#shared/api-types';
import type { LibraryItem } from '#shared/gallery-types';
import { HISTORY_MAX_BATCHES, HISTORY_RELOAD_DELAY_MS } from '#shared/limits';
import { galleryMessages, studioMessages } from '#shared/messages';
import { DEFAULT_ASPECT_RATIO, DEFAULT_MODEL, MODELS, modelCost, type ModelId } from '#shared/models';
import { INITIAL_VIEWS } from '#shared/limits';
import { isUnlimited } from '#shared/plans';
import { ApiError } from '../api/client';
import {
  GenerationFailed,
  deleteGeneration,
  enhancePrompt,
  generate,
  listGenerations,
  setLike,
  uploadReference,
  validatePrompt,
  type GenerateRequest,
  type HistoryTurn,
} from '../api/studio';
import {
  adoptedRatio,
  canEnhance,
  controlsAfterImageAdded,
  enhancerAfterEdit,
  enhancerAfterEnhance,
  nextAspectRatio,
  nextResolution,
  nextViews,
  refineModeAfterRemoval,
  toggleEnhancer,
  tooManyImages,
  withModel,
  type Controls,
  type Enhancer,
} from '../components/studio/rules';
import { useAuth } from './auth';
import { NOTICE_DURATION_MS, notify } from './notices';

/** The "saving" stage waits at most this long for the new thumbnails before showing the batch. */
const THUMBNAIL_WAIT_MS = 4000;

export interface StudioImage {
  /** The batch id plus the index: also the download's file name. */
  id: string;
  batchId: string;
  index: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string | null;
}

export interface StudioBatch {
  id: string;
  prompt: string;
  model: string;
  images: StudioImage[];
  referenceUrls: string[];
  createdAt: string;
  liked: boolean;
  likeCount: number;
  likeBusy: boolean;
  /** Made by the offline preview engine: labelled "Preview" (decisions.md 23). */
  preview: boolean;
}

export interface ReferenceItem {
  id: string;
  name: string;
  /** A local object URL shown as the thumbnail. */
  previewUrl: string;
  status: 'uploading' | 'ready' | 'failed';
  path: string | null;
}

export type PendingStage = 'uploading' | 'validating' | 'generating' | 'saving';

export interface PendingGeneration {
  prompt: string;
  stage: PendingStage;
  views: number;
  model: ModelId;
  referenceUrls: string[];
}

export interface Clarification {
  feedback: string;
  suggestions: string[];
}

interface StudioState extends Controls {
  prompt: string;
  enhancer: Enhancer | null;
  enhancing: boolean;
  refineMode: boolean;
  selected: StudioImage[];
  references: ReferenceItem[];
  clarification: Clarification | null;
  pending: PendingGeneration | null;
  batches: StudioBatch[];
  historyOwner: string | null;
  historyLoading: boolean;

  setPrompt: (prompt: string) => void;
  setModel: (model: ModelId) => void;
  cycleAspectRatio: () => void;
  cycleResolution: () => void;
  cycleViews: () => void;
  setRefineMode: (on: boolean) => void;
  toggleSelected: (image: StudioImage) => void;
  addReferenceFiles: (files: File[]) => void;
  removeReference: (id: string) => void;
  enhance: () => Promise<void>;
  toggleEnhancerBadge: () => void;
  applySuggestion: (suggestion: string) => void;
  dismissClarification: () => void;
  submit: () => Promise<void>;
  loadHistory: (userId: string) => Promise<void>;
  toggleLike: (batchId: string) => Promise<void>;
  deleteBatch: (batchId: string) => Promise<void>;
}

export const initialControls: Controls = {
  model: DEFAULT_MODEL,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  resolution: MODELS[DEFAULT_MODEL].resolutions[0],
  views: INITIAL_VIEWS,
};

// Uploads run as soon as files are picked; submit waits for them.
const referenceUploads = new Map<string, Promise<UploadResponse | null>>();
// A selected generated image is uploaded once as a reference and reused on later refinements.
const selectedUploads = new Map<string, string>();
let historyTimer: ReturnType<typeof setTimeout> | null = null;
let referenceCounter = 0;

function imagesCount(state: Pick<StudioState, 'selected' | 'references'>): number {
  return state.selected.length + state.references.length;
}

/** Natural size of an image URL, or null when it does not load. */
export function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

type ImageFields = Pick<StudioImage, 'url' | 'thumbnailUrl' | 'width' | 'height' | 'placeholder'>;

/** A batch's images as the studio keeps them; an image's id is the batch id plus its index. */
function studioImages(batchId: string, images: ImageFields[]): StudioImage[] {
  return images.map(({ url, thumbnailUrl, width, height, placeholder }, index) => ({
    id: `${batchId}-${index}`,
    batchId,
    index,
    url,
    thumbnailUrl,
    width,
    height,
    placeholder,
  }));
}

export function batchFromListed(item: LibraryItem): StudioBatch {
  return {
    id: item.id,
    prompt: item.prompt,
    model: item.model,
    images: studioImages(item.id, item.images),
    referenceUrls: item.referenceImages,
    createdAt: item.createdAt,
    liked: item.liked,
    likeCount: item.likeCount,
    likeBusy: false,
    preview: item.engine === 'preview',
  };
}

export function batchFromResponse(response: GenerateSuccessResponse, prompt: string, referenceUrls: string[]): StudioBatch {
  return {
    id: response.generationId,
    prompt: response.metadata.prompt || prompt,
    model: MODELS[response.metadata.model as ModelId]?.label ?? response.metadata.model,
    images: studioImages(response.generationId, response.images),
    referenceUrls,
    createdAt: response.metadata.timestamp,
    liked: false,
    likeCount: 0,
    likeBusy: false,
    preview: response.metadata.preview,
  };
}

/** Oldest at the top, newest at the bottom, at most 50. */
function orderedHistory(batches: StudioBatch[]): StudioBatch[] {
  return [...batches].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(-HISTORY_MAX_BATCHES);
}

function waitForThumbnails(urls: string[]): Promise<void> {
  const loads = Promise.all(urls.map((url) => imageSize(url)));
  return Promise.race([loads.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, THUMBNAIL_WAIT_MS))]);
}

async function uploadSelected(image: StudioImage): Promise<string | null> {
  const known = selectedUploads.get(image.id);
  if (known) return known;
  try {
    const response = await fetch(image.url, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const uploaded = await uploadReference(await response.blob(), `ref-selected-${image.id}.jpg`);
    selectedUploads.set(image.id, uploaded.path);
    return uploaded.path;
  } catch {
    return null;
  }
}

/** Storage paths of every input image; null (after telling the user) when none could be uploaded. */
async function collectReferencePaths(state: StudioState): Promise<string[] | null> {
  const total = imagesCount(state);
  if (total === 0) return [];
  const selectedPaths = await Promise.all(state.selected.map(uploadSelected));
  const referencePaths = await Promise.all(
    state.references.map(async (ref) => ref.path ?? (await referenceUploads.get(ref.id))?.path ?? null),
  );
  const paths = [...selectedPaths, ...referencePaths].filter((path): path is string => path !== null);
  const failed = total - paths.length;
  if (paths.length === 0) {
    notify(studioMessages.allReferencesFailed, { tone: 'error' });
    return null;
  }
  if (failed > 0) notify(studioMessages.someReferencesFailed(failed, paths.length), { tone: 'warning', durationMs: NOTICE_DURATION_MS });
  return paths;
}

/** Earlier prompts of the refined batches, so the model keeps the thread of the conversation. */
function refinementHistory(state: StudioState): HistoryTurn[] {
  const batchIds = [...new Set(state.selected.map((image) => image.batchId))];
  return batchIds.flatMap((id) => {
    const batch = state.batches.find((candidate) => candidate.id === id);
    if (!batch) return [];
    return [
      { role: 'user' as const, parts: [{ text: batch.prompt }] },
      { role: 'model' as const, parts: [{ text: `Generated ${batch.images.length} image(s) for this prompt.` }] },
    ];
  });
}

/** A successful answer that carries no image (the documents' 'Image generation failed'). */
class NoImages extends Error {}

/** What a failed generation says, with the refund text when credits came back. */
function failureMessage(error: unknown, isRefinement: boolean): string {
  if (error instanceof NoImages) return studioMessages.imageGenerationFailed;
  if (error instanceof GenerationFailed) return error.userMessage;
  // A JSON error names what went wrong; any other unsuccessful answer gets the documents' default.
  if (error instanceof ApiError && error.status > 0) {
    if (error.code !== 'http_error') return error.message;
    return isRefinement ? studioMessages.refinementFailed : studioMessages.generationFailedRetry;
  }
  return isRefinement ? studioMessages.generationFailedRefine : studioMessages.generationFailed;
}

export const useStudio = create<StudioState>()((set, get) => {
  const scheduleHistoryReload = () => {
    if (historyTimer) clearTimeout(historyTimer);
    historyTimer = setTimeout(() => {
      historyTimer = null;
      const userId = useAuth.getState().user?.id;
      if (userId) void get().loadHistory(userId);
    }, HISTORY_RELOAD_DELAY_MS);
  };

  /** Adopts the ratio of an image when it is the first input image. */
  const adoptFirstImageRatio = (width: number, height: number) => {
    const state = get();
    set({ aspectRatio: adoptedRatio(state.model, state.aspectRatio, width, height) });
  };

  /** Images were added: refine mode on, Concept forced, the 3-image notice past three. */
  const afterImagesAdded = (before: number) => {
    set(controlsAfterImageAdded(get()));
    const count = imagesCount(get());
    if (tooManyImages(count) && !tooManyImages(before)) {
      notify(studioMessages.manyImagesNotice, { tone: 'info', durationMs: NOTICE_DURATION_MS });
    }
  };

  const afterImagesRemoved = () => {
    set({ refineMode: refineModeAfterRemoval(get().refineMode, imagesCount(get())) });
  };

  const clarify = (prompt: string, feedback: string, suggestions: string[]) =>
    set({
      pending: null,
      prompt,
      enhancer: null,
      clarification: { feedback: feedback || studioMessages.needsRefinementDefault, suggestions },
    });

  const finishSuccess = (response: GenerateSuccessResponse, prompt: string, referenceUrls: string[], isRefinement: boolean) => {
    const batch = batchFromResponse(response, prompt, referenceUrls);
    for (const ref of get().references) {
      URL.revokeObjectURL(ref.previewUrl);
      referenceUploads.delete(ref.id);
    }
    const first = batch.images[0];
    set({
      pending: null,
      batches: orderedHistory([...get().batches.filter((b) => b.id !== batch.id), batch]),
      references: [],
      // A refinement continues from its first result; a normal generation clears the selection.
      selected: isRefinement && first ? [first] : [],
      refineMode: isRefinement && first !== undefined,
    });
    if (isRefinement && first) adoptFirstImageRatio(first.width, first.height);
  };

  const setStage = (stage: PendingStage) => {
    const pending = get().pending;
    if (pending) set({ pending: { ...pending, stage } });
  };

  const runGeneration = async (request: GenerateRequest, referenceUrls: string[]) => {
    const { prompt, isRefinement } = request;
    if (!isRefinement && request.referenceImages.length === 0) {
      setStage('validating');
      const verdict = await validatePrompt(prompt);
      if (!verdict.isValid) return clarify(prompt, verdict.feedback, verdict.suggestions);
    }
    setStage('generating');
    const response = await generate(request);
    if (!response.success) return clarify(prompt, response.validationFeedback, response.suggestions);
    if (response.images.length === 0) throw new NoImages();
    if (response.creditsLeft !== null) useAuth.getState().setProfile({ credits: response.creditsLeft, plan: response.metadata.userPlan });
    if (response.warning) notify(response.warning, { tone: 'warning', durationMs: NOTICE_DURATION_MS });
    setStage('saving');
    await waitForThumbnails(response.images.map((image) => image.thumbnailUrl));
    finishSuccess(response, prompt, referenceUrls, isRefinement);
  };

  return {
    ...initialControls,
    prompt: '',
    enhancer: null,
    enhancing: false,
    refineMode: false,
    selected: [],
    references: [],
    clarification: null,
    pending: null,
    batches: [],
    historyOwner: null,
    historyLoading: false,

    setPrompt: (prompt) => set({ prompt, enhancer: enhancerAfterEdit(get().enhancer, prompt) }),

    setModel: (model) => {
      if (imagesCount(get()) > 0 && model !== 'concept') {
        notify(studioMessages.onlyConceptWithImages, { tone: 'info' });
        return;
      }
      set(withModel(get(), model));
    },
    cycleAspectRatio: () => set({ aspectRatio: nextAspectRatio(get().model, get().aspectRatio) }),
    cycleResolution: () => set({ resolution: nextResolution(get().model, get().resolution) }),
    cycleViews: () => set({ views: nextViews(get().views) }),

    setRefineMode: (on) => {
      if (on) set(controlsAfterImageAdded(get()));
      else set({ refineMode: false });
    },

    toggleSelected: (image) => {
      const state = get();
      if (state.selected.some((item) => item.id === image.id)) {
        set({ selected: state.selected.filter((item) => item.id !== image.id) });
        afterImagesRemoved();
        return;
      }
      const before = imagesCount(state);
      set({ selected: [...state.selected, image] });
      afterImagesAdded(before);
      if (before === 0) adoptFirstImageRatio(image.width, image.height);
    },

    addReferenceFiles: (files) => {
      const images = files.filter((file) => file.type.startsWith('image/'));
      if (images.length === 0) return;
      const before = imagesCount(get());
      const items: ReferenceItem[] = images.map((file) => {
        referenceCounter += 1;
        const ext = file.type === 'image/jpeg' ? 'jpg' : (file.type.split('/')[1] ?? 'png');
        const id = `ref-${Date.now().toString(36)}-${referenceCounter}`;
        const item: ReferenceItem = { id, name: file.name, previewUrl: URL.createObjectURL(file), status: 'uploading', path: null };
        const upload = uploadReference(file, `ref-uploaded-${id}.${ext}`).then(
          (result) => {
            set({ references: get().references.map((ref) => (ref.id === id ? { ...ref, status: 'ready', path: result.path } : ref)) });
            return result;
          },
          () => {
            set({ references: get().references.map((ref) => (ref.id === id ? { ...ref, status: 'failed' } : ref)) });
            return null;
          },
        );
        referenceUploads.set(id, upload);
        return item;
      });
      set({ references: [...get().references, ...items] });
      afterImagesAdded(before);
      if (before === 0) {
        const first = items[0];
        void imageSize(first.previewUrl).then((size) => {
          // Only while it is still the first input image.
          const state = get();
          const stillFirst = state.selected.length === 0 && state.references[0]?.id === first.id;
          if (size && stillFirst) adoptFirstImageRatio(size.width, size.height);
        });
      }
    },

    removeReference: (id) => {
      const ref = get().references.find((item) => item.id === id);
      if (ref) URL.revokeObjectURL(ref.previewUrl);
      referenceUploads.delete(id);
      set({ references: get().references.filter((item) => item.id !== id) });
      afterImagesRemoved();
    },

    enhance: async () => {
      const state = get();
      const signedIn = useAuth.getState().status === 'signedIn';
      if (!signedIn) {
        notify(studioMessages.loginRequired, { tone: 'error' });
        return;
      }
      if (!canEnhance(state.prompt, state.enhancer, signedIn, state.enhancing)) return;
      const original = state.prompt;
      set({ enhancing: true });
      try {
        const { enhanced } = await enhancePrompt(original);
        // The user may have typed meanwhile; only replace the text that was enhanced.
        if (get().prompt === original) set({ prompt: enhanced, enhancer: enhancerAfterEnhance(original, enhanced) });
      } catch {
        notify(studioMessages.enhanceFailed, { tone: 'error' });
      } finally {
        set({ enhancing: false });
      }
    },

    toggleEnhancerBadge: () => {
      const enhancer = get().enhancer;
      if (enhancer) set(toggleEnhancer(enhancer));
    },

    applySuggestion: (suggestion) => set({ prompt: suggestion, enhancer: null, clarification: null }),
    dismissClarification: () => set({ clarification: null }),

    submit: async () => {
      const state = get();
      const { status, user } = useAuth.getState();
      const prompt = state.prompt.trim();
      if (status !== 'signedIn' || !user) {
        notify(studioMessages.loginToUseCredits, { tone: 'error' });
        return;
      }
      if (!prompt || state.pending || state.enhancing) return;
      const cost = modelCost(state.model);
      if (!isUnlimited(user.plan) && user.credits < cost) {
        notify(studioMessages.notEnoughCredits(cost, MODELS[state.model].label), { tone: 'error' });
        return;
      }
      if (state.refineMode && state.model !== 'concept') {
        notify(studioMessages.refineOnlyConcept, { tone: 'error' });
        return;
      }
      const referenceUrls = [...state.selected.map((image) => image.thumbnailUrl), ...state.references.map((ref) => ref.previewUrl)];
      const hasImages = imagesCount(state) > 0;
      set({
        prompt: '',
        enhancer: null,
        clarification: null,
        pending: { prompt, stage: hasImages ? 'uploading' : 'validating', views: state.views, model: state.model, referenceUrls },
      });
      try {
        const referenceImages = await collectReferencePaths(state);
        if (referenceImages === null) {
          set({ pending: null, prompt });
          return;
        }
        const isRefinement = state.refineMode && referenceImages.length > 0;
        await runGeneration(
          {
            prompt,
            aspectRatio: state.aspectRatio,
            numberOfViews: state.views,
            model: state.model,
            resolution: state.resolution,
            isRefinement,
            referenceImages,
            ...(isRefinement ? { conversationHistory: refinementHistory(state) } : {}),
          },
          referenceUrls,
        );
      } catch (error) {
        if (error instanceof GenerationFailed && error.creditsLeft !== null) {
          useAuth.getState().setProfile({ credits: error.creditsLeft, plan: user.plan });
        }
        notify(failureMessage(error, state.refineMode), { tone: 'error' });
        set({ pending: null, prompt: get().prompt || prompt });
      } finally {
        scheduleHistoryReload();
      }
    },

    loadHistory: async (userId) => {
      if (get().historyOwner !== userId) set({ batches: [], historyOwner: userId, selected: [], refineMode: false });
      // A reload never replaces the list while a generation is running (001 §4).
      if (get().pending) return;
      set({ historyLoading: true });
      try {
        const items = await listGenerations();
        if (get().pending || get().historyOwner !== userId) return;
        const current = new Map(get().batches.map((batch) => [batch.id, batch]));
        const loaded = items.map(batchFromListed).map((batch) => {
          const known = current.get(batch.id);
          if (!known) return batch;
          // Keep the local reference thumbnails when the list carries none.
          const referenceUrls = batch.referenceUrls.length > 0 ? batch.referenceUrls : known.referenceUrls;
          return { ...batch, referenceUrls };
        });
        set({ batches: orderedHistory(loaded) });
      } catch (error) {
        // The list stays as it is; the next generation or reload tries again.
        console.warn('loading the history failed', error);
      } finally {
        set({ historyLoading: false });
      }
    },

    toggleLike: async (batchId) => {
      if (useAuth.getState().status !== 'signedIn') {
        notify(galleryMessages.pleaseSignInToLike, { tone: 'error' });
        return;
      }
      const batch = get().batches.find((item) => item.id === batchId);
      if (!batch || batch.likeBusy) return;
      const update = (patch: Partial<StudioBatch>) =>
        set({ batches: get().batches.map((item) => (item.id === batchId ? { ...item, ...patch } : item)) });
      const wanted = !batch.liked;
      update({ liked: wanted, likeCount: Math.max(0, batch.likeCount + (wanted ? 1 : -1)), likeBusy: true });
      try {
        const truth = await setLike(batchId, wanted);
        update({ liked: truth.liked, likeCount: truth.likeCount, likeBusy: false });
      } catch {
        update({ liked: batch.liked, likeCount: batch.likeCount, likeBusy: false });
        notify(studioMessages.likeFailed, { tone: 'error' });
      }
    },

    deleteBatch: async (batchId) => {
      const state = get();
      set({
        batches: state.batches.filter((batch) => batch.id !== batchId),
        selected: state.selected.filter((image) => image.batchId !== batchId),
      });
      afterImagesRemoved();
      try {
        await deleteGeneration(batchId);
      } catch {
        notify(galleryMessages.deleteFailed, { tone: 'error' });
        const userId = useAuth.getState().user?.id;
        if (userId) await get().loadHistory(userId);
      }
    },
  };
});
