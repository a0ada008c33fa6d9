/**
 * What every route that opens a job shares (POST /api/generate, POST …/edits): the job options read
 * from the request's headers, the hash that ties an Idempotency-Key to one request, and the answer
 * — the 202 with the job, or a bounded wait for its end (docs/decisions/0036, 0037, 0083).
 */
import { IDEMPOTENCY_KEY_MAX_CHARS, JOB_WAIT_MAX_SECONDS } from '../platform/limits';
import { jobMessages } from '#shared/messages';
import type { AppContext } from '../platform/context';
import { canonicalSha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { jobDeps } from './deps';
import { acceptedResponse, startJob, waitForJob } from './service';

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_CHARS}}$`);

export interface JobOptions {
  idempotencyKey: string | null;
  respondAsync: boolean;
  /** `Prefer: wait=N`: the most seconds the client wants to wait; null when it did not say. */
  waitSeconds: number | null;
}

/** The `respond-async` and `wait` preferences of a Prefer header (RFC 7240); others are ignored. */
function preferences(header: string): Pick<JobOptions, 'respondAsync' | 'waitSeconds'> {
  let respondAsync = false;
  let waitSeconds: number | null = null;
  for (const preference of header.split(',')) {
    const [name = '', value = ''] = (preference.split(';')[0] ?? '').split('=').map((part) => part.trim().replace(/^"|"$/g, ''));
    if (name.toLowerCase() === 'respond-async') respondAsync = true;
    if (name.toLowerCase() === 'wait' && /^\d{1,6}$/.test(value)) waitSeconds = Number(value);
  }
  return { respondAsync, waitSeconds };
}

/**
 * The request's job options, read from its headers (not a validator: the typed client would
 * then require headers of every caller). `Idempotency-Key`: 1–200 visible ASCII characters
 * (docs/decisions/0037). `Prefer: respond-async` asks for the 202 with the job; `Prefer: wait=N`
 * for at most N seconds of waiting (docs/decisions/0083).
 */
export function jobOptions(c: AppContext): JobOptions {
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('invalid_request', jobMessages.invalidIdempotencyKey, { field: 'Idempotency-Key' });
  }
  return { idempotencyKey: key ?? null, ...preferences(c.req.header('Prefer') ?? '') };
}

/**
 * The hash a job keeps of the request that opened it: the route (so one key cannot name two kinds
 * of request) and the body. Null without an Idempotency-Key.
 */
export async function requestHashOf(options: JobOptions, route: string, request: unknown): Promise<string | null> {
  return options.idempotencyKey ? canonicalSha256Hex({ route, body: request }) : null;
}

/**
 * How long this request waits for its job (docs/decisions/0083): the request that opened the job
 * waits, as the API always did, up to JOB_WAIT_MAX_SECONDS; a repeated Idempotency-Key answers at
 * once unless it asks with `Prefer: wait=N`. A preference shortens the wait, never lengthens it.
 */
function waitMs(options: JobOptions, created: boolean): number {
  const asked = options.waitSeconds ?? (created ? JOB_WAIT_MAX_SECONDS : 0);
  return Math.min(asked, JOB_WAIT_MAX_SECONDS) * 1000;
}

/**
 * Starts a job the request opened, then answers: with `Prefer: respond-async` the 202 with the
 * job; otherwise a bounded wait for its end (200 with the images, 502 with the refund), or the 202
 * when it still runs. A client that hangs up stops waiting and loses nothing; the job goes on.
 */
export async function answerJob(c: AppContext, options: JobOptions, opened: { userId: string; generationId: string; created: boolean }) {
  const deps = jobDeps(c);
  const ref = { userId: opened.userId, generationId: opened.generationId };
  c.header('Cache-Control', 'no-store');
  if (opened.created) await startJob(deps, ref);
  const location = `/api/jobs/${ref.generationId}`;
  if (options.respondAsync) {
    c.header('Preference-Applied', 'respond-async');
    c.header('Location', location);
    return c.json(await acceptedResponse(deps, ref), 202);
  }
  const waited = await waitForJob(deps, ref, waitMs(options, opened.created));
  if (!waited.ended) {
    c.header('Location', location);
    return c.json(waited.accepted, 202);
  }
  // Each status with its own body, so the contract says which answer comes with which.
  return waited.result.success ? c.json(waited.result, 200) : c.json(waited.result, 502);
}
