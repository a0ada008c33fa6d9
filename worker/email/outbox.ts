/** The local outbox in D1: what the email provider would have sent (worker/email/send.ts). */
import { desc, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { OutgoingEmail } from './message';

/** Messages GET /api/dev/outbox lists, newest first. */
const OUTBOX_LISTED = 50;
/** Housekeeping drops outbox messages older than this. */
const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  createdAt: string;
}

export async function keepInOutbox(db: Database, email: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null });
}

export async function outboxMessages(db: Database): Promise<OutboxMessage[]> {
  const rows = await db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_LISTED);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** Housekeeping: a local outbox does not grow for ever. */
export async function pruneOutbox(db: Database, now: number): Promise<number> {
  const result = await db.delete(emailOutbox).where(lt(emailOutbox.createdAt, now - OUTBOX_KEEP_MS));
  return result.meta.changes;
}
