import { Hono } from 'hono';
import { IDEMPOTENCY_KEY_MAX_CHARS, JOB_WAIT_MAX_SECONDS } from '../platform/limits';
import { jobMessages, studioMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { canonicalSha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { acceptedResponse, startJob, waitForJob } from './service';
import { submitGeneration } from './submit';
import { generateBodySchema } from './request';
import { generationDeps, jobDeps } from './deps';

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_CHARS}}$`);

/** What the request's hash names besides its body, so one key cannot name two kinds of request. */
const ROUTE = 'POST /api/generate';

interface JobOptions {
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
function jobOptions(c: AppContext): JobOptions {
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('invalid_request', jobMessages.invalidIdempotencyKey, { field: 'Idempotency-Key' });
  }
  return { idempotencyKey: key ?? null, ...preferences(c.req.header('Prefer') ?? '') };
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
 * POST /api/generate: validate, answer a clarification at once, else charge and start the job on
 * the Workflow (docs/decisions/0036). With `Prefer: respond-async` the answer is the 202 with the
 * job. Otherwise the request waits a bounded time for the job and answers as it always did (200
 * with the images, 502 with the refund), or the 202 when the job is still running; a client that
 * hangs up stops waiting and loses nothing, the job goes on. A repeated Idempotency-Key names the
 * job it opened, and only with the same request (else 422).
 */
export const generateRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(studioMessages.loginToUseCredits),
  validate('json', generateBodySchema),
  async (c) => {
    const user = currentUser(c);
    const options = jobOptions(c);
    const body = c.req.valid('json');
    const requestHash = options.idempotencyKey ? await canonicalSha256Hex({ route: ROUTE, body }) : null;
    const submitted = await submitGeneration(generationDeps(c), user, body, { idempotencyKey: options.idempotencyKey, requestHash });
    c.header('Cache-Control', 'no-store');
    if (submitted.kind === 'clarification') return c.json(submitted.body, 200);
    const deps = jobDeps(c);
    const ref = { userId: user.id, generationId: submitted.generationId };
    if (submitted.created) await startJob(deps, ref);
    const location = `/api/jobs/${ref.generationId}`;
    if (options.respondAsync) {
      c.header('Preference-Applied', 'respond-async');
      c.header('Location', location);
      return c.json(await acceptedResponse(deps, ref), 202);
    }
    const waited = await waitForJob(deps, ref, waitMs(options, submitted.created));
    if (!waited.ended) {
      c.header('Location', location);
      return c.json(waited.accepted, 202);
    }
    // Each status with its own body, so the contract says which answer comes with which.
    return waited.result.success ? c.json(waited.result, 200) : c.json(waited.result, 502);
  },
);
