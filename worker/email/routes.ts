import { Hono } from 'hono';
import { generalMessages } from '#shared/messages';
import type { AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { outboxMessages } from './outbox';
import { emailMode } from './send';

/**
 * Local development only: what the email provider would have sent, newest first. Anywhere the
 * outbox is off (every deployment) the route does not exist: 404.
 */
export const devOutboxRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  if (emailMode(c.env, c.req.url) !== 'outbox') throw new AppError('not_found', generalMessages.notFound);
  c.header('Cache-Control', 'no-store');
  return c.json({ messages: await outboxMessages(c.var.db) }, 200);
});
