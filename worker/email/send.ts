/**
 * Email out of the Worker (docs/decisions/0081-password-reset-and-email.md), behind one function:
 * Cloudflare's Email Service through the `send_email` binding, or, running locally, the D1 outbox
 * a developer reads at GET /api/dev/outbox. Password resets use it, and purchase receipts send their
 * PDF through `attachments` (worker/payments/receipt-email.ts).
 */
import type { Database } from '../db/client';
import { isLocalHost } from '../platform/config';
import { keepInOutbox } from './outbox';
import type { OutgoingEmail } from './message';

export type { OutgoingEmail } from './message';

/** Sends one email; rejects when the provider refuses it. */
export type EmailSender = (email: OutgoingEmail) => Promise<void>;

export type EmailMode = 'provider' | 'outbox';

/**
 * The outbox needs two things a deployment cannot have by accident, as payments' test mode does
 * (docs/decisions/0010-payment-test-mode.md): `EMAIL_OUTBOX=on`, which lives only in .dev.vars,
 * and a request to a local host. Anything else sends through the provider.
 */
export function emailMode(env: Pick<Env, 'EMAIL_OUTBOX'>, requestUrl: string): EmailMode {
  return env.EMAIL_OUTBOX === 'on' && isLocalHost(new URL(requestUrl).hostname) ? 'outbox' : 'provider';
}

/** Through the `send_email` binding, from EMAIL_FROM under the app's name. */
export function providerSender(binding: SendEmail, from: { name: string; email: string }): EmailSender {
  return async (email) => {
    if (!from.email) throw new Error('EMAIL_FROM is not set: no email can be sent');
    await binding.send({
      from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html === undefined ? {} : { html: email.html }),
      ...(email.attachments === undefined ? {} : { attachments: email.attachments }),
    });
  };
}

/** Into the D1 outbox, and onto the console `npm start` shows, so a local reset link is one glance away. */
function outboxSender(db: Database): EmailSender {
  return async (email) => {
    await keepInOutbox(db, email);
    const attached = email.attachments?.map((file) => `Attached: ${file.filename}\n`).join('') ?? '';
    console.log(`Email kept in the local outbox (GET /api/dev/outbox):\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n${attached}`);
  };
}

/** The sender for this request's environment. */
export function emailSender(env: Env, db: Database, requestUrl: string): EmailSender {
  if (emailMode(env, requestUrl) === 'outbox') return outboxSender(db);
  return providerSender(env.EMAIL, { name: env.APP_NAME, email: env.EMAIL_FROM });
}
