/**
 * Metering of the routes that cost money on every call (the text model behind the prompt helpers,
 * Razorpay's Orders API): per user and per client address, with the Rate Limiting bindings of
 * wrangler.toml. Over either limit the answer is 429 `rate_limited` with Retry-After.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { RATE_LIMIT_PERIOD_SECONDS } from './limits';
import { generalMessages } from '#shared/messages';
import { clientIp, type AppEnv } from './context';
import { AppError } from './errors';

type UserLimiter = 'HELPER_USER_LIMITER' | 'ORDER_USER_LIMITER';

export function rateLimited(): AppError {
  return new AppError('rate_limited', generalMessages.rateLimited, {
    headers: { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) },
  });
}

/**
 * Counts one call of `scope` against the signed-in user and the client address; goes after
 * requireUser. A refused call is counted too, so hammering does not wait out the window sooner.
 */
export function rateLimit(scope: string, perUser: UserLimiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await meter(c, scope, perUser);
    await next();
  });
}

/**
 * Counts one call of `scope` against the signed-in user and the client address, or throws the
 * 429: for a paid call made inside a route rather than by all of it.
 */
export async function meter(c: Context<AppEnv>, scope: string, perUser: UserLimiter): Promise<void> {
  const user = c.var.user;
  if (!user) throw new Error('metering needs a signed-in user');
  const address = clientIp(c);
  const [byUser, byAddress] = await Promise.all([
    c.env[perUser].limit({ key: `${scope}:user:${user.id}` }),
    address ? c.env.ADDRESS_LIMITER.limit({ key: `${scope}:ip:${address}` }) : Promise.resolve({ success: true }),
  ]);
  if (!byUser.success || !byAddress.success) throw rateLimited();
}
