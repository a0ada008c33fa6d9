/**
 * The tables of client review links (docs/decisions/0076-projects-lineage-review-data.md), apart
 * from the core schema in schema.ts; drizzle.config.ts reads both files.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REVIEW_DECISIONS } from '#shared/review-types';
import { createdAt, generations, projects, users } from './schema';
/**
 * A client review link of a project. The token itself is shown once and stored only as its
 * SHA-256 hash; revoking sets `revoked_at` and the link stops working at once.
 */
export const reviewLinks = sqliteTable(
  'review_links',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    allowDownload: integer('allow_download', { mode: 'boolean' }).notNull().default(false),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_links_token_hash_unique').on(t.tokenHash),
    index('review_links_project_idx').on(t.projectId, t.createdAt),
    // Links a user made in the last day (worker/platform/caps.ts).
    index('review_links_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A reviewer's comment on one image of a project's generation, pinned at (x, y) in 0–1 or on the whole image. */
export const reviewComments = sqliteTable(
  'review_comments',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => reviewLinks.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    generationId: text('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    imageIndex: integer('image_index').notNull().default(0),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    x: real('x'),
    y: real('y'),
    resolvedAt: integer('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_comments_project_idx').on(t.projectId, t.createdAt),
    // A link's thread, a page at a time in order (entries end in the rowid, the tie-break).
    index('review_comments_link_idx').on(t.linkId, t.createdAt),
    index('review_comments_generation_idx').on(t.generationId),
    check('review_comments_pin_check', sql`(${t.x} is null and ${t.y} is null) or (${t.x} between 0 and 1 and ${t.y} between 0 and 1)`),
  ],
);

/** A reviewer's decision on a version; every decision is kept, the latest per link and reviewer name counts. */
export const reviewApprovals = sqliteTable(
  'review_approvals',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => reviewLinks.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    generationId: text('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVIEW_DECISIONS }).notNull(),
    reviewerName: text('reviewer_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_approvals_project_idx').on(t.projectId, t.createdAt),
    index('review_approvals_generation_idx').on(t.generationId, t.createdAt),
    // A link's decisions, counted against its cap and read for its page.
    index('review_approvals_link_idx').on(t.linkId, t.createdAt),
    check('review_approvals_status_check', sql`${t.status} in ('approved', 'changes_requested')`),
  ],
);

/**
 * The owner's reply in a comment's thread: shown under the comment, as the practice, on the review
 * page of the link the comment came through and in the owner's feedback.
 */
export const reviewReplies = sqliteTable(
  'review_replies',
  {
    id: text('id').primaryKey(),
    commentId: text('comment_id')
      .notNull()
      .references(() => reviewComments.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_replies_comment_idx').on(t.commentId, t.createdAt), index('review_replies_project_idx').on(t.projectId)],
);
