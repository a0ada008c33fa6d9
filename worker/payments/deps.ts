import { emailSender } from '../email';
import { backgroundTasks, type AppContext } from '../platform/context';
import { paymentsConfigFromEnv, supplierFromEnv } from './config';
import type { PaymentDeps } from './service';

/** What every payment route hands the service, from the request's environment. */
export function paymentDeps(c: AppContext): PaymentDeps {
  return {
    db: c.var.db,
    env: c.env,
    config: paymentsConfigFromEnv(c.env, c.req.url),
    supplier: supplierFromEnv(c.env),
    sendEmail: emailSender(c.env, c.var.db, c.req.url),
    inBackground: backgroundTasks(c),
  };
}
