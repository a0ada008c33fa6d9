/**
 * Generation jobs as the studio shows them (docs/decisions/0052-studio-on-generation-jobs.md):
 * pure rules from a JobSnapshot to what the history draws, and which snapshot of a job is the
 * newest. No DOM, no caches: tests/frontend/studio/jobs.test.ts proves them.
 */
import { studioMessages } from '#shared/messages/studio';
import { MODELS } from '#shared/models';
import { isJobEnded, type JobSnapshot, type JobState, type ViewState } from '#shared/job-types';
import { orderedHistory } from '../queries/history';
import { batchInput, studioImages, type StudioBatch, type StudioImage } from './history';

interface JobViewLine {
  index: number;
  status: ViewState;
}

/** A job the history shows as a batch in progress, or one that ended without images. */
export interface JobBatchView {
  id: string;
  prompt: string;
  modelLabel: string;
  state: JobState;
  createdAt: string;
  /** One line per view: waiting / generating / done / failed. */
  lines: JobViewLine[];
  /** The views that landed so far, in view order. */
  images: StudioImage[];
  numberOfViews: number;
  referenceUrls: string[];
  /** Cancel is offered until a view starts. */
  canCancel: boolean;
  /** Why it ended without images and what came back, or null while it runs. */
  message: string | null;
  /** The words the project's brief added to the prompt, when it was made in a project with a brief. */
  briefAddition: string | null;
}

/** An entry of the studio's history: a finished batch, or a job still showing its progress. */
export type HistoryEntry = { kind: 'batch'; batch: StudioBatch } | { kind: 'job'; job: JobBatchView };

/** Cancel is possible while the job is waiting and no view has started. */
export function canCancelJob(job: JobSnapshot): boolean {
  return !isJobEnded(job.status) && job.views.every((view) => view.status === 'waiting');
}

/** Why the job ended without images, with the refund text when credits came back. */
export function jobEndMessage(job: JobSnapshot): string | null {
  if (job.status === 'cancelled') return studioMessages.cancelled(job.creditsRefunded);
  if (job.status !== 'failed') return null;
  const reason = job.failureReason ?? job.views.find((view) => view.failureReason)?.failureReason;
  const refund = job.creditsRefunded > 0 ? studioMessages.refunded(job.creditsRefunded) : null;
  return [studioMessages.allGenerationsFailed + '.', reason ? studioMessages.failureReasons[reason] : null, refund].filter(Boolean).join(' ');
}

/**
 * What a finished job with fewer images than it asked for says under its batch: a partial result
 * keeps its charge (docs/decisions/0008-refund-when-no-image.md), and without a word the missing
 * views would simply not be there.
 */
export function partialFailureMessage(job: JobSnapshot): string | null {
  if (job.status !== 'done') return null;
  const failed = job.views.filter((view) => view.status === 'failed').length;
  return failed > 0 ? studioMessages.someViewsFailed(failed, job.numberOfViews) : null;
}

function landedImages(job: JobSnapshot): StudioImage[] {
  const images = [...job.views]
    .sort((a, b) => a.index - b.index)
    .flatMap((view) => (view.status === 'done' && view.image ? [view.image] : []));
  return studioImages(job.id, images);
}

export function jobBatchView(job: JobSnapshot, referenceUrls: string[] = []): JobBatchView {
  return {
    id: job.id,
    prompt: job.prompt,
    modelLabel: MODELS[job.model].label,
    state: job.status,
    createdAt: job.createdAt,
    lines: [...job.views].sort((a, b) => a.index - b.index).map(({ index, status }) => ({ index, status })),
    images: landedImages(job),
    numberOfViews: job.numberOfViews,
    referenceUrls,
    canCancel: canCancelJob(job),
    message: jobEndMessage(job),
    briefAddition: job.briefAddition ?? null,
  };
}

/** A finished job as a history batch: the views that landed (the answer's images when it carries them). */
export function batchFromJob(job: JobSnapshot, referenceUrls: string[] = []): StudioBatch {
  const result = job.result?.success ? job.result : null;
  return {
    id: job.id,
    prompt: job.prompt,
    model: MODELS[job.model].label,
    images: result ? studioImages(job.id, result.images) : landedImages(job),
    referenceUrls,
    createdAt: job.createdAt,
    liked: false,
    likeCount: 0,
    preview: result?.metadata.preview ?? false,
    briefAddition: job.briefAddition ?? null,
    projectId: job.projectId ?? null,
    input: batchInput(job.inputType, job.fidelity, result?.metadata.referenceImages ?? []),
    notice: partialFailureMessage(job),
  };
}

const VIEW_RANK: Record<ViewState, number> = { waiting: 0, generating: 1, done: 2, failed: 2 };
const JOB_RANK: Record<JobState, number> = { queued: 0, running: 1, done: 2, failed: 2, cancelled: 2 };

/** How far a job has come; snapshots only move forward. */
function jobProgress(job: JobSnapshot): number {
  return JOB_RANK[job.status] * 100 + job.views.reduce((sum, view) => sum + VIEW_RANK[view.status], 0);
}

/** Whether `next` may replace `held`: a snapshot is whole, but one that arrives late is older. */
export function isNewerSnapshot(next: JobSnapshot, held: JobSnapshot | undefined): boolean {
  return held === undefined || jobProgress(next) >= jobProgress(held);
}

/** How many jobs the user has in flight. */
export function unfinishedCount(jobs: JobSnapshot[] | undefined): number {
  return (jobs ?? []).filter((job) => !isJobEnded(job.status)).length;
}

/**
 * The history as drawn: finished batches and jobs, oldest first. A done job shows as its batch
 * (the listed one once the history holds it); a job that runs, failed or was cancelled shows
 * with its progress or its reason, replacing any listed generation of the same id.
 */
export function historyEntries(batches: StudioBatch[], jobs: JobSnapshot[], referenceUrls: (id: string) => string[] = () => []): HistoryEntry[] {
  const jobIds = new Set(jobs.filter((job) => job.status !== 'done').map((job) => job.id));
  const notices = new Map(jobs.map((job) => [job.id, partialFailureMessage(job)]));
  // What the list cannot know of a batch this tab started: the thumbnails of its input images, and
  // how many of its views failed.
  const withTabsKnowledge = (batch: StudioBatch): StudioBatch => {
    const sent = batch.referenceUrls.length > 0 ? batch.referenceUrls : referenceUrls(batch.id);
    const notice = notices.get(batch.id) ?? batch.notice;
    return sent.length === batch.referenceUrls.length && notice === batch.notice ? batch : { ...batch, referenceUrls: sent, notice };
  };
  let finished = batches.filter((batch) => !jobIds.has(batch.id)).map(withTabsKnowledge);
  const listed = new Set(finished.map((batch) => batch.id));
  for (const job of jobs) {
    if (job.status === 'done' && !listed.has(job.id)) finished = [...finished, batchFromJob(job, referenceUrls(job.id))];
  }
  const entries: HistoryEntry[] = [
    ...orderedHistory(finished).map((batch) => ({ kind: 'batch' as const, batch })),
    ...jobs.filter((job) => job.status !== 'done').map((job) => ({ kind: 'job' as const, job: jobBatchView(job, referenceUrls(job.id)) })),
  ];
  const at = (entry: HistoryEntry) => (entry.kind === 'batch' ? entry.batch.createdAt : entry.job.createdAt);
  return entries.sort((a, b) => at(a).localeCompare(at(b)));
}
