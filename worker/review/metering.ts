/**
 * Reviewers have no account, so comment and approval posts are counted per review link (a
 * leaked link cannot be flooded from many addresses) and per client address (one address cannot
 * flood many links); over either, 429 `rate_limited` with Retry-After. The count comes before the
 * token is looked up, so guessing tokens is metered too.
 */
import { createMiddleware } from 'hono/factory';
import { clientIp, type AppEnv } from '../platform/context';
import { rateLimited } from '../platform/rate-limit';
import { hashReviewToken } from './tokens';

export const meterReviewPost = createMiddleware<AppEnv>(async (c, next) => {
  const address = clientIp(c);
  const tokenHash = await hashReviewToken(c.req.param('token') ?? '');
  const [byLink, byAddress] = await Promise.all([
    c.env.REVIEW_LIMITER.limit({ key: `review:link:${tokenHash}` }),
    address ? c.env.REVIEW_LIMITER.limit({ key: `review:ip:${address}` }) : Promise.resolve({ success: true }),
  ]);
  if (!byLink.success || !byAddress.success) throw rateLimited();
  await next();
});
