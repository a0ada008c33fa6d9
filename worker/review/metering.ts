/**
 * Reviewers have no account, so comment and decision posts are counted per client address (one
 * address cannot flood many links) before the token is looked up, so guessing tokens is metered
 * too; and per name on the link, once the name is read (a flood under one name, from however many
 * addresses, holds back that name only, never the client who reviews under their own). Over
 * either, 429 `rate_limited` with Retry-After. What a link holds in all is capped by its comment
 * and decision caps (worker/platform/caps.ts), checked in the statement that writes.
 */
import { createMiddleware } from 'hono/factory';
import { RATE_LIMIT_PERIOD_SECONDS } from '../platform/limits';
import { reviewRequestMessages } from '#shared/messages';
import { reviewerKey } from '#shared/review-rules';
import { clientIp, type AppContext, type AppEnv } from '../platform/context';
import { sha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { rateLimited } from '../platform/rate-limit';
import { hashReviewToken } from './tokens';

export const meterReviewPost = createMiddleware<AppEnv>(async (c, next) => {
  const address = clientIp(c);
  if (address && !(await c.env.REVIEW_LIMITER.limit({ key: `review:ip:${address}` })).success) throw rateLimited();
  await next();
});

/** Counts one post under `name` (already normalised) on the link of `token`. */
export async function meterReviewerName(c: AppContext, token: string, name: string): Promise<void> {
  // Hashes keep the key short and free of whatever the name holds.
  const key = `review:name:${await hashReviewToken(token)}:${await sha256Hex(reviewerKey(name))}`;
  if (!(await c.env.REVIEW_NAME_LIMITER.limit({ key })).success) {
    throw new AppError('rate_limited', reviewRequestMessages.nameRateLimited, {
      field: 'name',
      headers: { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) },
    });
  }
}
