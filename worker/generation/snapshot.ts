/**
 * A job row as every client sees it (shared/job-types.ts): views with usable image URLs, and
 * once it ended, the answer POST /api/generate gives — built here, the one place, for the
 * waiting request, the 202's later polls and the live connection alike.
 */
import type { GenerateFailureResponse, GenerateSuccessResponse, GeneratedImage } from '#shared/api-types';
import type { GenerationFailureReason, StoredJobParams } from '#shared/generation-types';
import { isJobEnded, type JobSnapshot, type JobView, type StoredJobView } from '#shared/job-types';
import { jobMessages, studioMessages } from '#shared/messages';
import { defaultVisibility, isPaidPlan, isUnlimited } from '#shared/plans';
import type { GenerationJobRow } from '../db/schema';
import { presentStoredImage, type Visibility } from '../media';

export interface Presenter {
  signingSecret: string;
  now: number;
}

/** A row made by the job flow: one with the request it keeps. */
export type JobRow = GenerationJobRow & { params: StoredJobParams };

export function isJobRow(row: GenerationJobRow | undefined): row is JobRow {
  return row?.params !== null && row?.params !== undefined;
}

/**
 * Images of a delivered generation use its visibility (public for free plans); until then, and
 * when the row could not be saved, only a signature proves access.
 */
function visibilityOf(row: JobRow): Visibility {
  return row.state === 'done' ? defaultVisibility(row.params.userPlan) : 'private';
}

async function presentViews(row: JobRow, presenter: Presenter): Promise<JobView[]> {
  const visibility = visibilityOf(row);
  return Promise.all(
    row.views.map(async (view: StoredJobView, index): Promise<JobView> => ({
      index,
      status: view.status,
      ...(view.image ? { image: await presentStoredImage(presenter.signingSecret, view.image, index, visibility, presenter.now) } : {}),
      ...(view.failureReason ? { failureReason: view.failureReason } : {}),
    })),
  );
}

export async function jobSnapshot(row: JobRow, presenter: Presenter): Promise<JobSnapshot> {
  const { params } = row;
  const views = await presentViews(row, presenter);
  const refunded = (row.state === 'failed' || row.state === 'cancelled') && row.status === 'failed' ? row.cost : 0;
  const snapshot: JobSnapshot = {
    id: row.id,
    ...(params.workspaceId ? { workspaceId: params.workspaceId } : {}),
    ...(params.kind && params.kind !== 'generate' ? { kind: params.kind } : {}),
    status: row.state,
    prompt: params.prompt,
    model: params.model,
    aspectRatio: params.aspectRatio,
    resolution: params.resolution,
    generationType: params.generationType,
    numberOfViews: params.numberOfViews,
    createdAt: new Date(row.createdAt).toISOString(),
    creditsCharged: row.cost,
    creditsRefunded: refunded,
    views,
    ...projectFields(params),
    ...inputFields(params),
  };
  if (row.state === 'failed' || row.state === 'cancelled') snapshot.failureReason = row.failureReason ?? 'interrupted';
  if (isJobEnded(row.state)) snapshot.result = jobResult(row, views, presenter.now);
  return snapshot;
}

/** What a request waiting on the job answers: success while any image came back, else the refund. */
export function jobResult(row: JobRow, views: JobView[], now: number): GenerateSuccessResponse | GenerateFailureResponse {
  const images = views.flatMap((view) => (view.image ? [view.image] : []));
  if (row.state !== 'failed' && row.state !== 'cancelled' && images.length > 0) return successBody(row, images, now);
  const reason: GenerationFailureReason =
    row.failureReason ?? (views.find((view) => view.failureReason)?.failureReason ?? 'interrupted');
  return failureBody(row, reason);
}

/** The project, parent and brief words of a job, only those set (older jobs have none). */
function projectFields(params: StoredJobParams): { projectId?: string; parentId?: string; briefAddition?: string } {
  return {
    ...(params.projectId ? { projectId: params.projectId } : {}),
    ...(params.parentId ? { parentId: params.parentId } : {}),
    ...(params.briefAddition ? { briefAddition: params.briefAddition } : {}),
  };
}

/** The input image's type and Precise ↔ Creative step, when the request named them. */
function inputFields(params: StoredJobParams): Pick<StoredJobParams, 'inputType' | 'fidelity'> {
  return params.inputType ? { inputType: params.inputType, fidelity: params.fidelity } : {};
}

function creditsLeft(row: JobRow): number | null {
  return isUnlimited(row.params.userPlan) ? null : (row.creditsLeft ?? 0);
}

function successBody(row: JobRow, images: GeneratedImage[], now: number): GenerateSuccessResponse {
  const { params } = row;
  const [first] = images;
  if (!first) throw new Error('a successful generation has at least one image');
  return {
    success: true,
    generationId: row.id,
    imageUrl: first.url,
    imageUrls: images.map((image) => image.url),
    images,
    seed: first.seed,
    ...(params.warning ? { warning: params.warning } : {}),
    metadata: {
      prompt: params.prompt,
      aspectRatio: params.aspectRatio,
      numberOfViews: params.numberOfViews,
      actualViews: images.length,
      model: params.model,
      resolution: params.resolution,
      generationType: params.generationType,
      timestamp: new Date(row.finishedAt ?? now).toISOString(),
      referenceImages: params.referenceImages,
      userPlan: params.userPlan,
      watermarked: !isPaidPlan(params.userPlan),
      engine: params.engine,
      preview: params.engine === 'preview',
      ...inputFields(params),
    },
    creditsCharged: row.cost,
    creditsLeft: creditsLeft(row),
    refunded: false,
    ...projectFields(params),
  };
}

function failureBody(row: JobRow, reason: GenerationFailureReason): GenerateFailureResponse {
  const refunded = row.status === 'failed' && row.cost > 0;
  const cancelled = row.state === 'cancelled';
  return {
    error: { code: 'upstream_failed', message: cancelled ? jobMessages.cancelled : studioMessages.allGenerationsFailed },
    success: false,
    generationId: row.id,
    refunded,
    creditsRefunded: refunded ? row.cost : 0,
    creditsCharged: 0,
    creditsLeft: creditsLeft(row),
    failureReason: reason,
    reasonMessage: cancelled ? jobMessages.cancelled : studioMessages.failureReasons[reason],
    ...(refunded ? { refundMessage: studioMessages.refunded(row.cost) } : {}),
    ...(row.params.warning ? { warning: row.params.warning } : {}),
  };
}
