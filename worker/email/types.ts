/** What an email is and what sends one: apart from send.ts, which the outbox it writes to also needs. */

/** One email to one address, in plain text and, when given, HTML saying the same. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (the Email Service's own attachment shape): a receipt's PDF, say. */
  attachments?: EmailAttachment[];
}

/** Sends one email; rejects when the provider refuses it. */
export type EmailSender = (email: OutgoingEmail) => Promise<void>;
