/**
 * The studio's generate flow as a mutation: the input images upload, a plain text prompt is
 * validated first (the card when it needs refinement), the Worker generates, the credits follow
 * its answer, the batch joins the cached history (50 at most) and the history is re-read a
 * moment later. Failures say what happened, with the refund text when the credits came back.
 */
import { MutationObserver, mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HISTORY_RELOAD_DELAY_MS } from '../ui/timings';
import { studioMessages } from '#shared/messages';
import { MODELS, modelCost } from '#shared/models';
import { isUnlimited, type Plan } from '#shared/plans';
import type { Controls } from './rules';
import { ApiError } from '../api/client';
import { GenerationFailed, generate, validatePrompt, type GenerateRequest, type HistoryTurn } from '../api/studio';
import { useAuth } from '../auth/store';
import { NOTICE_DURATION_MS, notify } from '../shell/notices';
import { imageSize, imagesCount, useStudio } from './store';
import { collectReferencePaths, type ReferenceItem } from './references';
import { batchFromResponse, withBatch, type StudioBatch, type StudioImage } from './history';
import { mutationKeys, queryKeys } from '../queries/keys';

/** The "saving" stage waits at most this long for the new thumbnails before showing the batch. */
const THUMBNAIL_WAIT_MS = 4000;

/** What the draft held when Generate was pressed. */
export interface GenerateVariables extends Controls {
  userId: string;
  plan: Plan;
  prompt: string;
  refineMode: boolean;
  selected: StudioImage[];
  references: ReferenceItem[];
  /** The thumbnails the prompt bubble shows. */
  referenceUrls: string[];
}

export type GenerateOutcome =
  | { kind: 'batch'; batch: StudioBatch; isRefinement: boolean }
  | { kind: 'clarify'; feedback: string; suggestions: string[] }
  | { kind: 'noReferences' };

/** A successful answer that carries no image ('Image generation failed', docs/decisions/0032). */
class NoImages extends Error {}

/** What a failed generation says: why, and the refund text when credits came back. */
export function failureMessage(error: unknown, isRefinement: boolean): string {
  if (error instanceof NoImages) return studioMessages.imageGenerationFailed;
  if (error instanceof GenerationFailed) return error.userMessage;
  // A JSON error names what went wrong; any other unsuccessful answer gets the studio's default.
  if (error instanceof ApiError && error.status > 0) {
    if (error.code !== 'http_error') return error.message;
    return isRefinement ? studioMessages.refinementFailed : studioMessages.generationFailedRetry;
  }
  return isRefinement ? studioMessages.generationFailedRefine : studioMessages.generationFailed;
}

/** Earlier prompts of the refined batches, so the model keeps the thread of the conversation. */
export function refinementHistory(selected: StudioImage[], batches: StudioBatch[]): HistoryTurn[] {
  const batchIds = [...new Set(selected.map((image) => image.batchId))];
  return batchIds.flatMap((id) => {
    const batch = batches.find((candidate) => candidate.id === id);
    if (!batch) return [];
    return [
      { role: 'user' as const, parts: [{ text: batch.prompt }] },
      { role: 'model' as const, parts: [{ text: `Generated ${batch.images.length} image(s) for this prompt.` }] },
    ];
  });
}

function waitForThumbnails(urls: string[]): Promise<void> {
  const loads = Promise.all(urls.map((url) => imageSize(url)));
  return Promise.race([loads.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, THUMBNAIL_WAIT_MS))]);
}

async function runGeneration(client: QueryClient, vars: GenerateVariables): Promise<GenerateOutcome> {
  const { setStage } = useStudio.getState();
  const referenceImages = await collectReferencePaths(vars.selected, vars.references);
  if (referenceImages === null) return { kind: 'noReferences' };
  const isRefinement = vars.refineMode && referenceImages.length > 0;
  const batches = client.getQueryData<StudioBatch[]>(queryKeys.historyOf(vars.userId)) ?? [];
  const request: GenerateRequest = {
    prompt: vars.prompt,
    aspectRatio: vars.aspectRatio,
    numberOfViews: vars.views,
    model: vars.model,
    resolution: vars.resolution,
    isRefinement,
    referenceImages,
    ...(isRefinement ? { conversationHistory: refinementHistory(vars.selected, batches) } : {}),
  };
  if (!isRefinement && referenceImages.length === 0) {
    setStage('validating');
    const verdict = await validatePrompt(vars.prompt);
    if (!verdict.isValid) return { kind: 'clarify', feedback: verdict.feedback, suggestions: verdict.suggestions };
  }
  setStage('generating');
  const response = await generate(request);
  if (!response.success) return { kind: 'clarify', feedback: response.validationFeedback, suggestions: response.suggestions };
  if (response.images.length === 0) throw new NoImages();
  if (response.creditsLeft !== null) useAuth.getState().setProfile({ credits: response.creditsLeft, plan: response.metadata.userPlan });
  if (response.warning) notify(response.warning, { tone: 'warning', durationMs: NOTICE_DURATION_MS });
  setStage('saving');
  await waitForThumbnails(response.images.map((image) => image.thumbnailUrl));
  return { kind: 'batch', batch: batchFromResponse(response, vars.prompt, vars.referenceUrls), isRefinement };
}

let historyTimer: ReturnType<typeof setTimeout> | null = null;

export function generateMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: mutationKeys.generate,
    // A reload never replaces the list while a generation is running (docs/decisions/0032).
    onMutate: (vars: GenerateVariables) => client.cancelQueries({ queryKey: queryKeys.historyOf(vars.userId) }),
    mutationFn: (vars: GenerateVariables) => runGeneration(client, vars),
    onSuccess: (outcome, vars) => {
      const studio = useStudio.getState();
      if (outcome.kind === 'clarify') return studio.clarify(vars.prompt, outcome.feedback, outcome.suggestions);
      if (outcome.kind === 'noReferences') return useStudio.setState({ pending: null, prompt: vars.prompt });
      client.setQueryData<StudioBatch[]>(queryKeys.historyOf(vars.userId), (batches) => withBatch(batches, outcome.batch));
      studio.finishGeneration(outcome.batch, outcome.isRefinement);
    },
    onError: (error, vars) => {
      if (error instanceof GenerationFailed && error.creditsLeft !== null) {
        useAuth.getState().setProfile({ credits: error.creditsLeft, plan: vars.plan });
      }
      notify(failureMessage(error, vars.refineMode), { tone: 'error' });
      useStudio.getState().giveBack(vars.prompt);
    },
    onSettled: (_outcome, _error, vars) => {
      if (historyTimer) clearTimeout(historyTimer);
      historyTimer = setTimeout(() => {
        historyTimer = null;
        void client.invalidateQueries({ queryKey: queryKeys.historyOf(vars.userId) });
      }, HISTORY_RELOAD_DELAY_MS);
    },
  });
}

/**
 * Generate pressed: the checks that need no server (signed in, credits, refine only with
 * Concept), then the mutation. Resolves once the studio shows the outcome.
 */
export async function submitGeneration(client: QueryClient): Promise<void> {
  const state = useStudio.getState();
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
  state.startPending({ prompt, stage: hasImages ? 'uploading' : 'validating', views: state.views, model: state.model, referenceUrls });
  const vars: GenerateVariables = {
    userId: user.id,
    plan: user.plan,
    prompt,
    model: state.model,
    aspectRatio: state.aspectRatio,
    resolution: state.resolution,
    views: state.views,
    refineMode: state.refineMode,
    selected: state.selected,
    references: state.references,
    referenceUrls,
  };
  // The observer runs it through the client's mutation cache, where screens can watch it.
  await new MutationObserver(client, generateMutation(client)).mutate(vars).catch(() => undefined);
}

/** Generate pressed: the checks, then the generate mutation. */
export function useSubmitGeneration(): () => Promise<void> {
  const client = useQueryClient();
  return () => submitGeneration(client);
}
