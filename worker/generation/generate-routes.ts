import { Hono } from 'hono';
import { IDEMPOTENCY_KEY_MAX_CHARS } from '../platform/limits';
import { jobMessages, studioMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { acceptedResponse, startJob, waitForJob } from './service';
import { submitGeneration } from './submit';
import { generateBodySchema } from './request';
import { generationDeps, jobDeps } from './deps';

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_CHARS}}$`);

/**
 * The request's job options, read from its headers (not a validator: the typed client would
 * then require headers of every caller). `Idempotency-Key`: 1–200 visible ASCII characters
 * (docs/decisions/0037). `Prefer: respond-async` (RFC 7240) asks for the 202 with the job.
 */
export function jobOptions(c: AppContext): { idempotencyKey: string | null; respondAsync: boolean } {
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError('invalid_request', jobMessages.invalidIdempotencyKey, { field: 'Idempotency-Key' });
  }
  const prefer = c.req.header('Prefer') ?? '';
  const respondAsync = prefer.split(/[,;]/).some((token) => token.trim().toLowerCase() === 'respond-async');
  return { idempotencyKey: key ?? null, respondAsync };
}

/**
 * POST /api/generate: validate, answer a clarification at once, else charge and start the job on
 * the Workflow (docs/decisions/0036). Without `Prefer: respond-async` the request waits for the
 * job and answers as it always did (200 with the images, 502 with the refund); a client that
 * hangs up loses nothing, the job goes on.
 */
export const generateRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(studioMessages.loginToUseCredits),
  validate('json', generateBodySchema),
  async (c) => {
    const user = currentUser(c);
    const options = jobOptions(c);
    const submitted = await submitGeneration(generationDeps(c), user, c.req.valid('json'), options);
    c.header('Cache-Control', 'no-store');
    if (submitted.kind === 'clarification') return c.json(submitted.body, 200);
    const deps = jobDeps(c);
    const ref = { userId: user.id, generationId: submitted.generationId };
    if (submitted.created) await startJob(deps, ref);
    if (options.respondAsync) {
      c.header('Preference-Applied', 'respond-async');
      c.header('Location', `/api/jobs/${ref.generationId}`);
      return c.json(await acceptedResponse(deps, ref), 202);
    }
    const result = await waitForJob(deps, ref);
    // Each status with its own body, so the contract says which answer comes with which.
    return result.success ? c.json(result, 200) : c.json(result, 502);
  },
);
