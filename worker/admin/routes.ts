import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { generalMessages } from '#shared/messages';
import { PLANS } from '#shared/plans';
import type { AppContext, AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { changeCredits, changePlan, showUser, type AdminDeps } from './service';

/** Shorter secrets are treated as unset: the route would be only as strong as its token. */
const ADMIN_TOKEN_MIN_LENGTH = 32;
const ADMIN_MAX_DELTA = 100_000;

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * The operator's bearer token against `ADMIN_TOKEN`. Both sides are hashed first, so the
 * constant-time comparison also hides the secret's length.
 */
async function tokenMatches(secret: string, authorization: string | undefined): Promise<boolean> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  const [expected, presented] = await Promise.all([digest(secret), digest(match?.[1] ?? '')]);
  return crypto.subtle.timingSafeEqual(expected, presented) && match !== null;
}

/**
 * Without a usable `ADMIN_TOKEN` the admin routes do not exist, and a missing or wrong token gets
 * the same answer as every unknown path: 404 with the generic body. Anyone probing learns nothing,
 * not even that there is something to guess at; only a caller holding the token reaches the
 * routes' own answers (including their own 404 for an unknown email, which names the field).
 */
const requireAdminToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.env.ADMIN_TOKEN ?? '';
  const allowed = secret.length >= ADMIN_TOKEN_MIN_LENGTH && (await tokenMatches(secret, c.req.header('Authorization')));
  if (!allowed) throw new AppError('not_found', generalMessages.notFound);
  await next();
  c.header('Cache-Control', 'no-store');
};

const emailParam = z.object({ email: z.string().min(1).max(254) });

const creditsBody = z.object({
  delta: z
    .number()
    .int()
    .min(-ADMIN_MAX_DELTA)
    .max(ADMIN_MAX_DELTA)
    .refine((value) => value !== 0, 'must not be 0'),
  note: z.string().trim().min(1).max(500).optional(),
});

const planBody = z.object({ plan: z.enum(PLANS) });

function deps(c: AppContext): AdminDeps {
  return { db: c.var.db, env: c.env };
}

export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdminToken)
  .get('/users/:email', validate('param', emailParam), async (c) =>
    c.json(await showUser(deps(c), c.req.valid('param').email)),
  )
  .post('/users/:email/credits', validate('param', emailParam), validate('json', creditsBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await changeCredits(deps(c), c.req.valid('param').email, { delta: body.delta, note: body.note }));
  })
  .put('/users/:email/plan', validate('param', emailParam), validate('json', planBody), async (c) =>
    c.json(await changePlan(deps(c), c.req.valid('param').email, c.req.valid('json').plan)),
  );
