import { Hono } from 'hono';
import { z } from 'zod';
import { generalMessages, paymentMessages } from '#shared/messages';
import { checkPurchase } from '#shared/payments';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceField, spaceQuerySchema } from '../platform/space';
import { AppError } from '../platform/errors';
import { rateLimit } from '../platform/rate-limit';
import { validate } from '../platform/validation';
import { paymentsConfigFromEnv } from './config';
import { paymentDeps as deps } from './deps';
import { purchaseRoutes } from './purchase-routes';
import { cancelCheckout, createOrder, verifyCheckout } from './service';
import { completeTestOrder } from './test-mode';

// credits and amount are checked by checkPurchase, so their fixed messages come back. `workspaceId`:
// credits for that workspace's pool (its owner only; docs/api.md "Workspaces (teams)").
const orderBody = z.object({ credits: z.unknown().optional(), amount: z.unknown().optional(), ...spaceField });

const verifyBody = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

const testCompleteBody = z.object({
  orderId: z.string().min(1).max(100),
  outcome: z.enum(['paid', 'failed']).default('paid'),
});

const orderParam = z.object({ orderId: z.string().min(1).max(100) });

export const paymentRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post(
    '/orders',
    requireUser(paymentMessages.loginToPay),
    rateLimit('orders', 'ORDER_USER_LIMITER'),
    validate('query', spaceQuerySchema),
    validate('json', orderBody),
    async (c) => {
      const body = c.req.valid('json');
      const space = await callerSpace(c, c.req.valid('query')?.workspaceId, 'view', body.workspaceId);
      const purchase = checkPurchase(body.credits, body.amount);
      if (!purchase.ok) throw new AppError('invalid_request', purchase.message, { field: purchase.field });
      return c.json(await createOrder(deps(c), space, purchase.credits), 200);
    },
  )
  // Checkout closed without a success: what became of the order (docs/decisions/0092). In live
  // mode it asks Razorpay, so it is metered like the orders it follows, under its own key.
  .post(
    '/orders/:orderId/cancel',
    requireUser(paymentMessages.loginToPay),
    rateLimit('checkout-closed', 'ORDER_USER_LIMITER'),
    validate('param', orderParam),
    async (c) => {
      return c.json(await cancelCheckout(deps(c), currentUser(c).id, c.req.valid('param').orderId), 200);
    },
  )
  .post('/verify', requireUser(paymentMessages.loginToPay), validate('json', verifyBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(
      await verifyCheckout(deps(c), currentUser(c).id, {
        orderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      }),
      200,
    );
  })
  .post(
    '/test/complete',
    // Live keys make this route not exist at all, before anything else is looked at.
    async (c, next) => {
      if (paymentsConfigFromEnv(c.env, c.req.url).mode !== 'test') throw new AppError('not_found', generalMessages.notFound);
      await next();
    },
    requireUser(paymentMessages.loginToPay),
    validate('json', testCompleteBody),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await completeTestOrder(deps(c), currentUser(c).id, body.orderId, body.outcome), 200);
    },
  )
  .route('/', purchaseRoutes);
