/**
 * A generation job as every client sees it: the studio that started it, the user's other tabs and
 * devices (over the live connection) and clients that poll GET /api/jobs/:id. The job's id is the
 * generation's id. A snapshot is always whole, so a client replaces what it held with the newest.
 */
import type { GenerateFailureResponse, GenerateSuccessResponse, GeneratedImage } from './api-types';
import type { GenerationFailureReason, JobKind, StoredImage, StoredJobParams } from './generation-types';

/** Where a job stands: waiting for a slot, views being made, or ended one of three ways. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Ended jobs change no more. */
export function isJobEnded(state: JobState): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

export type ViewState = 'waiting' | 'generating' | 'done' | 'failed';

/** One view of a job as kept in `generation_jobs.views`. */
export interface StoredJobView {
  status: ViewState;
  image?: StoredImage;
  failureReason?: GenerationFailureReason;
}

export interface JobView {
  index: number;
  status: ViewState;
  /** Present once the view is stored: usable URLs, signed when the generation is private. */
  image?: GeneratedImage;
  failureReason?: GenerationFailureReason;
}

/** What a job shows of its request: the fields its stored parameters keep (an input's type and step only when set). */
type JobRequestFields = Pick<StoredJobParams, 'prompt' | 'model' | 'aspectRatio' | 'resolution' | 'generationType' | 'numberOfViews' | 'inputType' | 'fidelity'>;

/** Where the job sits in a project (present only when set): the studio shows the brief's words at once. */
type JobProjectFields = { projectId?: string; parentId?: string; briefAddition?: string };

export interface JobSnapshot extends JobRequestFields, JobProjectFields {
  id: string;
  /** The team workspace it is made in (docs/decisions/0096-workspaces.md); absent in the personal space. */
  workspaceId?: string;
  /** Present for every kind but `generate`: an `edit` job makes one view, a region edit of its parent. */
  kind?: Exclude<JobKind, 'generate'>;
  status: JobState;
  /** ISO time the job was created. */
  createdAt: string;
  /** Credits taken when the job was created (0 for enterprise, and after a full refund still the original charge). */
  creditsCharged: number;
  /** Credits returned: the whole charge when no view survived or the job was cancelled. */
  creditsRefunded: number;
  views: JobView[];
  /** Set once the job ended: what a client waiting on POST /api/generate receives. */
  result?: GenerateSuccessResponse | GenerateFailureResponse;
  /** Why the job failed (every view failed, or the sweeper closed it). */
  failureReason?: GenerationFailureReason;
}

/** 202 answer of POST /api/generate with `Prefer: respond-async`. */
export interface GenerateAcceptedResponse {
  success: true;
  accepted: true;
  jobId: string;
  generationId: string;
  job: JobSnapshot;
  creditsCharged: number;
  /** The balance after the charge; null for enterprise (unlimited). */
  creditsLeft: number | null;
}

/** The live connection's job messages: one per change, and every unfinished job when a socket opens. */
export type JobMessage = { type: 'job'; job: JobSnapshot } | { type: 'jobs'; jobs: JobSnapshot[] };

/** GET /api/jobs: the caller's unfinished jobs (oldest first), then the most recent ended ones (newest first). */
export interface JobListResponse {
  jobs: JobSnapshot[];
}
