import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { ledgerPage } from './service';

const ledgerQuerySchema = z.object({ cursor: z.string().max(512).optional() });

/** GET /api/me/ledger: the caller's credit ledger, newest first, a page at a time. */
export const creditRoutes = new Hono<AppEnv>().get('/', requireUser(), validate('query', ledgerQuerySchema), async (c) => {
  const page = await ledgerPage(c.var.db, currentUser(c).id, c.req.valid('query').cursor);
  c.header('Cache-Control', 'private, no-store');
  return c.json(page, 200);
});
