/**
 * Signing in and the mail it sends (docs/decisions/0004, 0081-password-reset-and-email.md): sessions
 * and their rotating refresh tokens, throttled sign-in attempts, password reset links and the local
 * email outbox. Apart from the core schema in schema.ts; drizzle.config.ts reads this file too.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, users } from './schema';

/** One row a signed-in device; the refresh token that keeps it alive rotates on every refresh. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every refresh token a session was ever given, stored only as a SHA-256 hash. A token whose
 * `rotated_at` is set has been exchanged already: presenting it again means it leaked.
 */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: integer('rotated_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Sign-in attempts being throttled (docs/decisions/0004): one row per attempt, reserved before the
 * password is checked and kept as a failure unless the password was right. `key` is the
 * (address, email) pair, `address` the client address alone, for the higher ceiling across accounts.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    failedAt: integer('failed_at').notNull(),
    address: text('address').notNull().default(''),
  },
  (t) => [
    index('login_failures_key_idx').on(t.key, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
  ],
);

/**
 * A password reset link (docs/decisions/0081-password-reset-and-email.md): 32 random bytes sent by
 * email, kept only as their SHA-256. It works once (`used_at` is set by one conditional update)
 * and until `expires_at`; the reset deletes the user's other links.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

export interface OutboxAttachment {
  filename: string;
  type: string;
  bytes: number;
}

/**
 * What the email provider would have sent, kept instead of sending when running locally
 * (worker/email/): the developer reads it at GET /api/dev/outbox. A deployment never writes here.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    /** What was attached (name, type, size), not the bytes: a receipt's PDF is served by its own route. */
    attachments: text('attachments', { mode: 'json' }).$type<OutboxAttachment[]>(),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
