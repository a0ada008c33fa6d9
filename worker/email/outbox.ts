/** The local outbox in D1: what the email provider would have sent (worker/email/send.ts). */
import { desc, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, type OutboxAttachment } from '../db/auth-schema';
import type { OutgoingEmail } from './message';

/** Messages GET /api/dev/outbox lists, newest first. */
const OUTBOX_LISTED = 50;
/** Housekeeping drops outbox messages older than this. */
const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** What went with it, by name, type and size (a receipt's PDF). */
  attachments: OutboxAttachment[];
  /** ISO 8601. */
  createdAt: string;
}

function byteLength(content: EmailAttachment['content']): number {
  return typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength;
}

export async function keepInOutbox(db: Database, email: OutgoingEmail): Promise<void> {
  const attachments = email.attachments?.map((file) => ({ filename: file.filename, type: file.type, bytes: byteLength(file.content) }));
  await db.insert(emailOutbox).values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null, attachments: attachments ?? null });
}

export async function outboxMessages(db: Database): Promise<OutboxMessage[]> {
  const rows = await db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, attachments: emailOutbox.attachments, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_LISTED);
  return rows.map((row) => ({ ...row, attachments: row.attachments ?? [], createdAt: new Date(row.createdAt).toISOString() }));
}

/** Housekeeping: a local outbox does not grow for ever. */
export async function pruneOutbox(db: Database, now: number): Promise<number> {
  const result = await db.delete(emailOutbox).where(lt(emailOutbox.createdAt, now - OUTBOX_KEEP_MS));
  return result.meta.changes;
}
