/**
 * The studio's draft (UI state only): the controls of the input bar, the prompt and its
 * enhancer, refine mode with its selected and uploaded images, and the validation card. The
 * history and the jobs are server data (queries/history.ts, queries/jobs.ts); the generation on
 * its way is the generate mutation's (./generate.ts), which moves the draft on through the steps
 * below; rules live in ./rules.ts.
 */
import { create } from 'zustand';
import { INITIAL_VIEWS } from '#shared/limits';
import { studioMessages } from '#shared/messages/studio';
import type { Plan } from '#shared/plans';
import { DEFAULT_ASPECT_RATIO, DEFAULT_MODEL, MODELS, isValidAspectRatio, type AspectRatio, type ModelId, type Resolution } from '#shared/models';
import { ApiError } from '../api/client';
import { enhancePrompt } from '../api/studio';
import {
  adoptedRatio,
  canEnhance,
  controlsAfterImageAdded,
  enhancerAfterEdit,
  enhancerAfterEnhance,
  nextViews,
  pickedResolution,
  refineModeAfterRemoval,
  toggleEnhancer,
  tooManyImages,
  withModel,
  type Controls,
  type Enhancer,
} from './rules';
import type { StudioBatch, StudioImage } from './history';
import { useAuth } from '../auth/store';
import { spaceStore } from '../workspaces/current-space';
import { NOTICE_DURATION_MS, notify } from '../shell/notices';
import { handOverReference, releaseReference, startReferenceUpload, type ReferenceItem, type ReferenceSettlement } from './references';
import type { FidelityStep, InputType } from '#shared/drawing-inputs';
import { chooseFidelity, chooseInputType, inputReference, type InputChoice } from './drawing-input';
import { imageSize } from './image-size';
import { readRememberedControls, rememberControls } from './remembered-controls';

export type { StudioImage } from './history';

interface Clarification {
  feedback: string;
  suggestions: string[];
}

export interface StudioDraft extends Controls {
  prompt: string;
  enhancer: Enhancer | null;
  enhancing: boolean;
  refineMode: boolean;
  selected: StudioImage[];
  references: ReferenceItem[];
  clarification: Clarification | null;
  /** Whose history the selection belongs to. */
  owner: string | null;
  /** The refinement job this tab started last: its first result becomes the next selection. */
  awaitedRefinement: string | null;
  /** The open project (the address's `?project=`): new generations go into it. */
  projectId: string | null;
  /** "Don't apply the brief to this generation": the next Generate goes without the brief, then it clears. */
  withoutBrief: boolean;
  /** What the user said the input file is and how strictly to follow it (./drawing-input.ts). */
  inputChoice: InputChoice | null;
}

interface StudioActions {
  setPrompt: (prompt: string) => void;
  setModel: (model: ModelId) => void;
  /** A ratio the model offers (the picker lists only those). */
  setAspectRatio: (ratio: AspectRatio) => void;
  /** Picks a resolution the tier renders for the user's plan (4K is for paid plans); anything else is ignored. */
  setResolution: (resolution: Resolution, plan: Plan | undefined) => void;
  cycleViews: () => void;
  setRefineMode: (on: boolean) => void;
  toggleSelected: (image: StudioImage) => void;
  addReferenceFiles: (files: File[]) => void;
  removeReference: (id: string) => void;
  /** The input file is a sketch, a model view, a site photo or a drawing. */
  chooseInputType: (type: InputType) => void;
  /** Precise ↔ Creative for the input file. */
  chooseFidelity: (fidelity: FidelityStep) => void;
  enhance: () => Promise<void>;
  toggleEnhancerBadge: () => void;
  applySuggestion: (suggestion: string) => void;
  dismissClarification: () => void;
  /** A new user's studio starts without the previous user's selection, with their remembered controls. */
  adoptOwner: (userId: string) => void;
  /** Forgets the whole draft (controls, prompt, picked files, selection): the user left. */
  resetDraft: () => void;
  /** A deleted batch's images leave the selection. */
  forgetBatch: (batchId: string) => void;
  // ---- the draft's steps as the generate mutation moves on (./generate.ts) ----
  /** Generate pressed: the prompt leaves the box for the pending bubble, and the brief's override is spent. */
  promptSent: () => void;
  /** The prompt needs refinement: the prompt comes back with the card. */
  clarify: (prompt: string, feedback: string, suggestions: string[]) => void;
  /** The generation ended without a job: the prompt comes back unless the user typed a new one. */
  restorePrompt: (prompt: string) => void;
  /** The Worker took the job: the input images go; a refinement's first result will be the next selection. */
  jobAccepted: (jobId: string, isRefinement: boolean) => void;
  /** A job ended as a batch; the awaited refinement continues from its first result. */
  jobFinished: (batch: StudioBatch) => void;
  /** The address named another project (or none). */
  setProjectId: (projectId: string | null) => void;
  setWithoutBrief: (on: boolean) => void;
  /** A branch from the project page: the image becomes the one selection, in refine mode. */
  selectOnly: (image: StudioImage) => void;
}

export type StudioState = StudioDraft & StudioActions;

export const initialControls: Controls = {
  model: DEFAULT_MODEL,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  resolution: MODELS[DEFAULT_MODEL].resolutions[0],
  views: INITIAL_VIEWS,
};

/** A draft nobody has touched: the studio on first load, and after its user leaves. */
const initialDraft: StudioDraft = {
  ...initialControls,
  prompt: '',
  enhancer: null,
  enhancing: false,
  refineMode: false,
  selected: [],
  references: [],
  clarification: null,
  owner: null,
  awaitedRefinement: null,
  projectId: null,
  withoutBrief: false,
  inputChoice: null,
};

export function imagesCount(state: Pick<StudioDraft, 'selected' | 'references'>): number {
  return state.selected.length + state.references.length;
}

export const useStudio = create<StudioState>()((set, get) => {
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

  /** The user picked a control: the next visit starts from it (images forcing Concept is no pick). */
  const rememberPick = () => {
    const state = get();
    if (state.owner) rememberControls(state.owner, state);
  };

  return {
    ...initialDraft,

    setPrompt: (prompt) => set({ prompt, enhancer: enhancerAfterEdit(get().enhancer, prompt) }),

    setModel: (model) => {
      if (imagesCount(get()) > 0 && model !== 'concept') {
        notify(studioMessages.onlyConceptWithImages, { tone: 'info' });
        return;
      }
      set(withModel(get(), model));
      rememberPick();
    },
    setAspectRatio: (ratio) => {
      if (!isValidAspectRatio(get().model, ratio)) return;
      set({ aspectRatio: ratio });
      rememberPick();
    },
    setResolution: (resolution, plan) => {
      set({ resolution: pickedResolution(get().model, plan, get().resolution, resolution) });
      rememberPick();
    },
    cycleViews: () => {
      set({ views: nextViews(get().views) });
      rememberPick();
    },

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
      const settled = (id: string, change: ReferenceSettlement) =>
        set({ references: get().references.map((ref) => (ref.id === id ? { ...ref, ...change } : ref)) });
      const items = images.map((file) => startReferenceUpload(file, settled));
      set({ references: [...get().references, ...items] });
      afterImagesAdded(before);
      const [first] = items;
      if (before === 0 && first) {
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
      if (ref) releaseReference(ref);
      set({ references: get().references.filter((item) => item.id !== id) });
      afterImagesRemoved();
    },

    chooseInputType: (type) => {
      const input = inputReference(get().selected.length, get().references);
      if (input) set({ inputChoice: chooseInputType(input.id, type) });
    },

    chooseFidelity: (fidelity) => {
      const input = inputReference(get().selected.length, get().references);
      if (input) set({ inputChoice: chooseFidelity(get().inputChoice, input.id, fidelity) });
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
      } catch (error) {
        // "Too many requests" says when to try again; any other failure is the one enhancer text.
        const limited = error instanceof ApiError && error.code === 'rate_limited';
        notify(limited ? error.message : studioMessages.enhanceFailed, { tone: 'error' });
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

    adoptOwner: (userId) => {
      if (get().owner === userId) return;
      set({ owner: userId, selected: [], refineMode: false });
      // Images already chosen (an upload before the profile arrived) keep Concept.
      const remembered = readRememberedControls(userId);
      if (remembered && imagesCount(get()) === 0) set(remembered);
    },

    resetDraft: () => {
      for (const ref of get().references) releaseReference(ref);
      set(initialDraft);
    },

    forgetBatch: (batchId) => {
      set({ selected: get().selected.filter((image) => image.batchId !== batchId) });
      afterImagesRemoved();
    },

    // The brief's override is for one generation: it clears once that generation is on its way.
    promptSent: () => set({ prompt: '', enhancer: null, clarification: null, withoutBrief: false }),

    clarify: (prompt, feedback, suggestions) =>
      set({
        prompt,
        enhancer: null,
        clarification: { feedback: feedback || studioMessages.needsRefinementDefault, suggestions },
      }),

    restorePrompt: (prompt) => set({ prompt: get().prompt || prompt }),

    jobAccepted: (jobId, isRefinement) => {
      // The sent files' previews stay: the job's prompt bubble shows them (generate.ts).
      for (const ref of get().references) handOverReference(ref);
      set({
        references: [],
        inputChoice: null,
        selected: [],
        refineMode: false,
        awaitedRefinement: isRefinement ? jobId : get().awaitedRefinement,
      });
    },

    setProjectId: (projectId) => {
      if (get().projectId !== projectId) set({ projectId, withoutBrief: false });
    },

    setWithoutBrief: (on) => set({ withoutBrief: on }),

    selectOnly: (image) => {
      for (const ref of get().references) releaseReference(ref);
      set({ selected: [], references: [] });
      get().toggleSelected(image);
    },

    jobFinished: (batch) => {
      if (get().awaitedRefinement !== batch.id) return;
      set({ awaitedRefinement: null });
      const first = batch.images[0];
      // Only when the user has not picked other images meanwhile.
      if (!first || imagesCount(get()) > 0) return;
      set({ selected: [first], refineMode: true, inputChoice: null });
      adoptFirstImageRatio(first.width, first.height);
    },
  };
});

/**
 * The draft is one person's: when the signed-in user goes or another signs in, it is dropped
 * (with the cached lists, app/session.ts). Registered with the store, so only a tab that loaded
 * the studio pays for it.
 */
useAuth.subscribe((state, previous) => {
  const left = previous.userId;
  if (left && state.userId !== left) useStudio.getState().resetDraft();
});

/** The images chosen to refine are the space's own: entering another space lets go of them. */
spaceStore.subscribe((state, previous) => {
  if (state.workspaceId !== previous.workspaceId) useStudio.setState({ selected: [], refineMode: false });
});
