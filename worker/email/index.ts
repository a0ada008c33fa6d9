/** Email through one interface: Cloudflare's send_email binding, or locally a D1 outbox listed at /api/dev/outbox. */
export { devOutboxRoutes } from './routes';
export { emailSender } from './send';
export type { EmailSender, OutgoingEmail } from './types';
export { pruneOutbox } from './outbox';
