/** Email through one interface: Cloudflare's send_email binding, or locally a D1 outbox listed at /api/dev/outbox. */
export { devOutboxRoutes } from './routes';
export { emailSender, type EmailSender, type OutgoingEmail } from './send';
export { pruneOutbox } from './outbox';
