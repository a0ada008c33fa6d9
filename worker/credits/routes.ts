import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceField } from '../platform/space';
import { validate } from '../platform/validation';
import { ledgerPage } from './service';

const ledgerQuerySchema = z.object({ cursor: z.string().max(512).optional(), ...spaceField });

/** GET /api/me/ledger: the caller's credit ledger (`workspaceId`: a workspace pool's), newest first, a page at a time. */
export const creditRoutes = new Hono<AppEnv>().get('/', requireUser(), validate('query', ledgerQuerySchema), async (c) => {
  const { workspaceId, cursor } = c.req.valid('query');
  const page = await ledgerPage(c.var.db, await callerSpace(c, workspaceId), cursor);
  c.header('Cache-Control', 'private, no-store');
  return c.json(page, 200);
});
