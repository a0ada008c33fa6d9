/** The email interface: the provider through the `send_email` binding, or the local outbox. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emailMode, providerSender } from '../../../worker/email/send';
import type { OutgoingEmail } from '../../../worker/email/message';

const email: OutgoingEmail = { to: 'client@example.com', subject: 'Hello', text: 'Plain words', html: '<p>Plain words</p>' };

describe('email', () => {
  it('keeps mail in the outbox only with EMAIL_OUTBOX on and a local host', () => {
    expect(emailMode({ EMAIL_OUTBOX: 'on' }, 'http://localhost:8787/api/auth/password/forgot')).toBe('outbox');
    expect(emailMode({ EMAIL_OUTBOX: 'on' }, 'https://parti.test/x')).toBe('outbox');
    expect(emailMode({ EMAIL_OUTBOX: 'on' }, 'https://parti.studio/x')).toBe('provider');
    expect(emailMode({ EMAIL_OUTBOX: '' }, 'http://localhost:8787/x')).toBe('provider');
  });

  it('hands the provider the sender, the message and any attachments as Email Service takes them', async () => {
    const sent: unknown[] = [];
    const binding = {
      send: (message: unknown) => {
        sent.push(message);
        return Promise.resolve({ messageId: 'm1' });
      },
    } as unknown as SendEmail;
    const attachment: EmailAttachment = { disposition: 'attachment', filename: 'receipt.pdf', type: 'application/pdf', content: new Uint8Array([37, 80, 68, 70]) };
    await providerSender(binding, { name: 'Parti', email: 'no-reply@parti.studio' })({ ...email, attachments: [attachment] });
    expect(sent).toEqual([
      { from: { name: 'Parti', email: 'no-reply@parti.studio' }, to: 'client@example.com', subject: 'Hello', text: 'Plain words', html: '<p>Plain words</p>', attachments: [attachment] },
    ]);
    await expect(providerSender(binding, { name: 'Parti', email: '' })(email)).rejects.toThrow(/EMAIL_FROM/);
  });

  it('sends through the real binding, which the local runtime accepts and keeps offline', async () => {
    await expect(providerSender(env.EMAIL, { name: env.APP_NAME, email: env.EMAIL_FROM })(email)).resolves.toBeUndefined();
  });
});
