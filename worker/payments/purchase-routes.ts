import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, requireAction, spaceField } from '../platform/space';
import { validate } from '../platform/validation';
import { checkBillingDetails, readBillingDetails, saveBillingDetails } from './billing';
import { supplierFromEnv } from './config';
import { purchasesPage } from './purchases';
import { receiptDocument, validReceiptLink } from './receipts';

const purchasesQuery = z.object({ cursor: z.string().max(512).optional(), ...spaceField });

const receiptParam = z.object({ orderId: z.string().min(1).max(100) });
// A malformed link is checked like any wrong one, so every refusal is the same 404.
const receiptQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() });

// Each field is checked by checkBillingDetails, which names it; here only the shape.
const billingField = z.string().max(1000).nullable().optional();
const billingBody = z.object({ name: billingField, gstin: billingField, stateCode: billingField, address: billingField });

/**
 * What a buyer keeps of their purchases (docs/decisions/0092-receipts-and-refunds.md): the list of
 * paid orders with refunds and receipt links, each receipt's PDF, and the billing details the next
 * receipts will carry. Mounted under /api/payments, whose no-store header covers them.
 */
export const purchaseRoutes = new Hono<AppEnv>()
  .get('/purchases', requireUser(), validate('query', purchasesQuery), async (c) => {
    const { workspaceId, cursor } = c.req.valid('query');
    const space = await callerSpace(c, workspaceId);
    // A workspace's purchases are its owner's, who made them (docs/decisions/0096-workspaces.md).
    requireAction(space, 'buyCredits');
    const page = await purchasesPage(c.var.db, space, c.env.MEDIA_SIGNING_SECRET, cursor);
    return c.json(page, 200);
  })
  .get('/receipts/:orderId', optionalUser, validate('param', receiptParam), validate('query', receiptQuery), async (c) => {
    const { orderId } = c.req.valid('param');
    const { exp, sig } = c.req.valid('query');
    const signedLink = exp !== undefined && sig !== undefined && (await validReceiptLink(c.env.MEDIA_SIGNING_SECRET, orderId, Number(exp), sig));
    const receipt = await receiptDocument(c.var.db, supplierFromEnv(c.env), c.env.APP_NAME, orderId, { userId: c.var.user?.id ?? null, signedLink });
    return c.body(receipt.pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${receipt.fileName}"`,
    });
  })
  .get('/billing', requireUser(), async (c) => c.json(await readBillingDetails(c.var.db, currentUser(c).id), 200))
  .put('/billing', requireUser(), validate('json', billingBody), async (c) => {
    const details = checkBillingDetails(c.req.valid('json'));
    return c.json(await saveBillingDetails(c.var.db, currentUser(c).id, details), 200);
  });
