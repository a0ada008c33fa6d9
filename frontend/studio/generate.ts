/**
 * The studio's generate flow as a mutation, one round trip per press of Generate
 * (docs/decisions/0052-studio-on-generation-jobs.md): the input images upload, POST /api/generate
 * asks for a job with the press's Idempotency-Key (the Worker validates the prompt itself and
 * answers a clarification at once), the job joins the jobs cache and the history draws its
 * progress from there; its events carry what changes, so nothing re-reads the history after it.
 * The mutation is the one record of what this tab sent: the pending bubble and the thumbnails of
 * its jobs are read from it (docs/decisions/0097-server-data-owners.md), not kept in the draft.
 */
import { MutationObserver, mutationOptions, useMutationState, useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { printMessages } from '#shared/messages/print';
import { studioMessages } from '#shared/messages/studio';
import { generationCost } from '#shared/print';
import type { JobSnapshot } from '#shared/job-types';
import { canAfford, resolutionAllowed, type Controls } from './rules';
import { ApiError } from '../api/client';
import type { GenerateRequest, HistoryTurn } from '../api/studio';
import { TooManyRequests, generateJob } from '../api/jobs';
import { useAuth } from '../auth/store';
import { NOTICE_DURATION_MS, notify } from '../shell/notices';
import { useStudio } from './store';
import { collectReferencePaths, releasePreviews, type ReferenceItem } from './references';
import { historyKeys } from '../queries/history';
import type { StudioBatch, StudioImage } from './history';
import { newIdempotencyKey, sendOnce } from './idempotency';
import { parentIdFor } from './project-rules';
import { drawingInput, inputRequestFields, type DrawingInput } from './drawing-input';
import { applyJob } from '../queries/jobs';
import { applyBalance } from '../queries/profile';
import { currentWorkspaceId } from '../workspaces/current-space';
import { spaceBalanceNow, spaceOwnerNow, spaceRoleNow } from '../workspaces/hooks';
import { spaceRefusal } from '../workspaces/rules';

/** The generate mutation's key: the studio watches it for the generation on its way. */
export const generateMutationKey = ['generate'] as const;

/** What the draft held when Generate was pressed. */
interface GenerateVariables extends Controls {
  userId: string;
  /** The space it is made in and paid from (null: personal), and the owner part of its lists' keys. */
  workspaceId: string | null;
  owner: string;
  prompt: string;
  refineMode: boolean;
  selected: StudioImage[];
  references: ReferenceItem[];
  /** The thumbnails the prompt bubble shows. */
  referenceUrls: string[];
  /** One per press of Generate: every attempt of this submit sends it. */
  idempotencyKey: string;
  /** The open project: the generation goes into it (docs/decisions/0070-studio-in-a-project.md). */
  projectId: string | null;
  /** Made without the project's brief, this once. */
  withoutBrief: boolean;
  /** The user's drawing as the input, with its type and step (docs/decisions/0093-drawing-inputs-ui.md). */
  input: DrawingInput | null;
}

type GenerateOutcome =
  | { kind: 'job'; job: JobSnapshot; isRefinement: boolean }
  | { kind: 'clarify'; feedback: string; suggestions: string[] }
  | { kind: 'noReferences' };

/** What a refused generation says: why, and when to try again when too many run. */
export function failureMessage(error: unknown, isRefinement: boolean): string {
  // Too many jobs in flight: the Worker says so, the studio adds when to try again.
  if (error instanceof TooManyRequests && error.code === 'too_many_jobs') return `${error.message} ${studioMessages.tryAgainIn(error.retryAfterSeconds)}`;
  // A JSON error names what went wrong; any other unsuccessful answer gets the studio's default.
  if (error instanceof ApiError && error.status > 0) {
    if (error.code !== 'http_error') return error.message;
    return isRefinement ? studioMessages.refinementFailed : studioMessages.generationFailedRetry;
  }
  return isRefinement ? studioMessages.generationFailedRefine : studioMessages.generationFailed;
}

/** Earlier prompts of the refined batches, so the model keeps the thread of the conversation. */
function refinementHistory(selected: StudioImage[], batches: StudioBatch[]): HistoryTurn[] {
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

/** Where the generation belongs: the open project (with or without its brief), and the generation a refinement came from. */
function projectFields(projectId: string | null, parentId: string | null, withoutBrief: boolean): Pick<GenerateRequest, 'projectId' | 'parentId' | 'applyBrief'> {
  return { ...(projectId ? { projectId } : {}), ...(parentId ? { parentId } : {}), ...(projectId && withoutBrief ? { applyBrief: false } : {}) };
}

async function runGeneration(client: QueryClient, vars: GenerateVariables): Promise<GenerateOutcome> {
  const referenceImages = await collectReferencePaths(vars.selected, vars.references);
  if (referenceImages === null) return { kind: 'noReferences' };
  const isRefinement = vars.refineMode && referenceImages.length > 0;
  const batches = client.getQueryData<StudioBatch[]>(historyKeys.in(vars.owner, vars.projectId)) ?? [];
  const request: GenerateRequest = {
    prompt: vars.prompt,
    aspectRatio: vars.aspectRatio,
    numberOfViews: vars.views,
    model: vars.model,
    resolution: vars.resolution,
    isRefinement,
    referenceImages,
    ...(isRefinement ? { conversationHistory: refinementHistory(vars.selected, batches) } : {}),
    ...projectFields(vars.projectId, parentIdFor(isRefinement, vars.selected), vars.withoutBrief),
    ...inputRequestFields(vars.input, referenceImages),
  };
  const answer = await sendOnce((key) => generateJob(request, key), vars.idempotencyKey);
  if (answer.kind === 'clarification') return { kind: 'clarify', feedback: answer.feedback, suggestions: answer.suggestions };
  const { job, creditsLeft } = answer.accepted;
  applyBalance(client, vars.userId, { credits: creditsLeft, workspaceId: vars.workspaceId });
  return { kind: 'job', job, isRefinement };
}

const previewsFollowed = new WeakSet<QueryClient>();

/**
 * A job's sent previews (the blob: URLs of its bubble) are let go when its mutation leaves the
 * cache, as the user leaves (app/session.ts): until then the bubble shows them.
 */
function releasePreviewsWithTheirJobs(client: QueryClient): void {
  if (previewsFollowed.has(client)) return;
  previewsFollowed.add(client);
  client.getMutationCache().subscribe((event) => {
    if (event.type !== 'removed' || event.mutation.options.mutationKey?.[0] !== generateMutationKey[0]) return;
    const { data, variables } = event.mutation.state as { data: GenerateOutcome | undefined; variables: GenerateVariables };
    if (data?.kind === 'job') releasePreviews(variables.referenceUrls);
  });
}

function generateMutation(client: QueryClient) {
  releasePreviewsWithTheirJobs(client);
  return mutationOptions({
    mutationKey: generateMutationKey,
    // What this tab sent stays readable (the thumbnails of its jobs) until the user leaves, when
    // the whole cache is emptied (app/session.ts).
    gcTime: Infinity,
    // A reload never replaces the list while a generation is being sent (docs/decisions/0032).
    onMutate: (vars: GenerateVariables) => client.cancelQueries({ queryKey: historyKeys.of(vars.owner) }),
    mutationFn: (vars: GenerateVariables) => runGeneration(client, vars),
    // Each runs before the mutation settles: the job is in the jobs cache before the bubble goes.
    onSuccess: (outcome, vars) => {
      const studio = useStudio.getState();
      if (outcome.kind === 'clarify') return studio.clarify(vars.prompt, outcome.feedback, outcome.suggestions);
      if (outcome.kind === 'noReferences') return studio.restorePrompt(vars.prompt);
      studio.jobAccepted(outcome.job.id, outcome.isRefinement);
      applyJob(client, vars.userId, outcome.job);
    },
    onError: (error, vars) => {
      notify(failureMessage(error, vars.refineMode), { tone: 'error', durationMs: error instanceof TooManyRequests ? 2 * NOTICE_DURATION_MS : NOTICE_DURATION_MS });
      useStudio.getState().restorePrompt(vars.prompt);
    },
  });
}

const isGenerate = { mutationKey: generateMutationKey };

/** Whether a generation is on its way (from Generate pressed until the Worker answered). */
export function isGenerating(client: QueryClient): boolean {
  return client.isMutating(isGenerate) > 0;
}

/** Before the Worker has the job: the input images upload, then the request is on its way. */
export type PendingStage = 'uploading' | 'generating';

/** The generation on its way, as the pending bubble shows it. */
export interface PendingGeneration extends Pick<GenerateVariables, 'prompt' | 'views' | 'model' | 'referenceUrls' | 'withoutBrief'> {
  stage: PendingStage;
}

const sentVariables = (mutation: Mutation<unknown, Error, unknown>) => mutation.state.variables as GenerateVariables;

/** The generate mutation in flight, or null; 'uploading' while one of its picked files still is. */
export function usePendingGeneration(): PendingGeneration | null {
  const vars = useMutationState({ filters: { ...isGenerate, status: 'pending' }, select: sentVariables }).at(-1);
  const uploading = useStudio((state) =>
    (vars?.references ?? []).some((sent) => state.references.find((ref) => ref.id === sent.id)?.status === 'uploading'),
  );
  if (!vars) return null;
  const { prompt, views, model, referenceUrls, withoutBrief } = vars;
  return { prompt, views, model, referenceUrls, withoutBrief, stage: uploading ? 'uploading' : 'generating' };
}

/**
 * The prompt-bubble thumbnails of the jobs this tab started, by job id: what it sent with each
 * (the server lists stored references only, and a blob preview is this tab's own).
 */
export function useSentReferences(): (jobId: string) => string[] {
  const sent = useMutationState({
    filters: { ...isGenerate, status: 'success' },
    select: (mutation): [string, string[]] | null => {
      const outcome = mutation.state.data as GenerateOutcome | undefined;
      return outcome?.kind === 'job' ? [outcome.job.id, sentVariables(mutation).referenceUrls] : null;
    },
  });
  return useMemo(() => {
    const byJob = new Map(sent.filter((entry) => entry !== null));
    return (jobId) => byJob.get(jobId) ?? [];
  }, [sent]);
}

/**
 * Generate pressed: the checks that need no server (signed in, credits, refine only with
 * Concept), then the mutation. Resolves once the studio shows the outcome.
 */
export async function submitGeneration(client: QueryClient): Promise<void> {
  const state = useStudio.getState();
  const { status, userId } = useAuth.getState();
  // The current space's balance: the user's own, or the workspace's pool.
  const balance = spaceBalanceNow(client);
  const prompt = state.prompt.trim();
  if (status !== 'signedIn' || !userId || !balance) {
    notify(studioMessages.loginToUseCredits, { tone: 'error' });
    return;
  }
  if (!prompt || isGenerating(client) || state.enhancing) return;
  // A viewer's studio says why it cannot generate (docs/decisions/0098-workspaces-app.md).
  const refusal = spaceRefusal(spaceRoleNow(client), 'generate');
  if (refusal) {
    notify(refusal, { tone: 'error' });
    return;
  }
  // Short of credits, the studio's credits notice already says so, with a way to buy more
  // (frontend/studio/CreditsNotice.tsx): a corner notice would only cover Generate.
  if (!resolutionAllowed(state.resolution, balance.plan)) {
    notify(printMessages.printDisabledReason, { tone: 'error' });
    return;
  }
  if (!canAfford(balance.plan, balance.credits, generationCost(state.model, state.resolution, state.views))) return;
  if (state.refineMode && state.model !== 'concept') {
    notify(studioMessages.refineOnlyConcept, { tone: 'error' });
    return;
  }
  const referenceUrls = [...state.selected.map((image) => image.thumbnailUrl), ...state.references.map((ref) => ref.previewUrl)];
  const withoutBrief = state.projectId !== null && state.withoutBrief;
  state.promptSent();
  const vars: GenerateVariables = {
    userId,
    workspaceId: currentWorkspaceId(),
    owner: spaceOwnerNow(),
    prompt,
    model: state.model,
    aspectRatio: state.aspectRatio,
    resolution: state.resolution,
    views: state.views,
    refineMode: state.refineMode,
    selected: state.selected,
    references: state.references,
    referenceUrls,
    idempotencyKey: newIdempotencyKey(),
    projectId: state.projectId,
    withoutBrief,
    input: drawingInput(state),
  };
  // The observer runs it through the client's mutation cache, where screens can watch it.
  await new MutationObserver(client, generateMutation(client)).mutate(vars).catch(() => undefined);
}

/** Generate pressed: the checks, then the generate mutation. */
export function useSubmitGeneration(): () => Promise<void> {
  const client = useQueryClient();
  return () => submitGeneration(client);
}
