/**
 * Generation jobs (docs/decisions/0052-studio-on-generation-jobs.md): POST /api/generate as a job
 * (`Prefer: respond-async`, one Idempotency-Key per press of Generate), the caller's unfinished
 * and recent jobs, one job, and cancel.
 */
import type { GenerateAcceptedResponse, JobSnapshot } from '#shared/job-types';
import { ApiError, api, ok, toApiError } from './client';
import type { GenerateRequest } from './studio';

/** What POST /api/generate answered: a job (202), or a clarification at once (nothing charged). */
export type GenerateAnswer =
  | { kind: 'accepted'; accepted: GenerateAcceptedResponse }
  | { kind: 'clarification'; feedback: string; suggestions: string[] };

/** A 429: too many generations in flight (or requests); `retryAfterSeconds` from the Retry-After header. */
export class TooManyRequests extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(error: ApiError, retryAfterSeconds: number) {
    super(error.status, error.code, error.message, error.field);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as seconds (a number or an HTTP date); 60 when missing or unreadable. */
export function retryAfterSeconds(header: string | null, nowMs = Date.now()): number {
  const fallback = 60;
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallback : Math.max(1, Math.ceil((date - nowMs) / 1000));
}

/**
 * POST /api/generate asking for a job (`Prefer: respond-async`). The same key on a retry names
 * the same job. Asked so, the Worker answers the job (202) or, for a prompt it cannot render, a
 * clarification (200); the images come with the job (worker/generation/job-answer.ts).
 */
export async function generateJob(request: GenerateRequest, idempotencyKey: string): Promise<GenerateAnswer> {
  const response = await api.generate.$post({ json: request }, jobRouteHeaders(idempotencyKey));
  if (response.status === 202) return { kind: 'accepted', accepted: await response.json() };
  if (response.status === 200) {
    const answer = await response.json();
    if (!answer.success) return { kind: 'clarification', feedback: answer.validationFeedback, suggestions: answer.suggestions };
    // Images at once would mean the Worker ignored `respond-async`: not an answer this client reads.
    throw toApiError(response.status, answer);
  }
  const body: unknown = await response.json().catch(() => null);
  const error = toApiError(response.status, body);
  if (response.status === 429) throw new TooManyRequests(error, retryAfterSeconds(response.headers.get('Retry-After')));
  throw error;
}

/** A job route is asked, as generate is, for a job at once under the press's Idempotency-Key. */
export function jobRouteHeaders(idempotencyKey: string): { headers: Record<string, string> } {
  return { headers: { Prefer: 'respond-async', 'Idempotency-Key': idempotencyKey } };
}

/**
 * A job route's answer other than its 202 (which the caller reads with the route's own type): asked
 * with `respond-async`, the Worker answers nothing else but a refusal, an ApiError (a 429 with its
 * wait).
 */
export async function jobRouteRefusal(response: { status: number; headers: Headers; json(): Promise<unknown> }): Promise<never> {
  const error = toApiError(response.status, await response.json().catch(() => null));
  if (response.status === 429) throw new TooManyRequests(error, retryAfterSeconds(response.headers.get('Retry-After')));
  throw error;
}

/** GET /api/jobs: the caller's unfinished and recent jobs. */
export async function fetchJobs(): Promise<JobSnapshot[]> {
  return (await ok(api.jobs.$get())).jobs;
}

/** POST /api/jobs/:id/cancel: the cancelled job (full refund); a 409 once a view has started. */
export function cancelJob(id: string): Promise<JobSnapshot> {
  return ok(api.jobs[':id'].cancel.$post({ param: { id } }));
}
