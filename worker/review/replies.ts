/**
 * The owner's replies to client comments: written only under a comment on a project of the
 * replier's space and while the comment is under its reply cap (in the statement itself), read with
 * the page of comments they answer: the reviewer's through one link, the owner's through all.
 * A reply is signed as the practice: a workspace's name, or the one the owner last named on a
 * saved board (docs/decisions/0096-workspaces.md).
 */
import { sql } from 'drizzle-orm';
import type { ReviewReply } from '#shared/review-types';
import type { Database } from '../db/client';
import { latestPractice } from '../boards';
import { MAX_REVIEW_REPLIES_PER_COMMENT } from '../platform/caps';
import { inSpace, type SpaceRef } from '../platform/space';
import { commentsAfter, type CommentPosition, type CommentScope } from './feedback-queries';

interface ReplyRow {
  id: string;
  commentId: string;
  projectId: string;
  body: string;
  createdAt: number;
}

const REPLY_COLUMNS = sql`r.id as id, r.comment_id as commentId, r.project_id as projectId, r.body as body, r.created_at as createdAt`;

/**
 * Adds the reply (`user_id`: who wrote it) under a comment on a project of the space while the
 * comment holds fewer than MAX_REVIEW_REPLIES_PER_COMMENT replies; null otherwise (replyRoom says which).
 */
export async function insertReply(db: Database, space: SpaceRef, reply: { id: string; commentId: string; body: string }): Promise<ReplyRow | null> {
  const rows = await db.all<ReplyRow>(sql`
    insert into review_replies (id, comment_id, project_id, user_id, body)
    select ${reply.id}, c.id, c.project_id, ${space.userId}, ${reply.body}
    from review_comments c join projects p on p.id = c.project_id
    where c.id = ${reply.commentId} and ${inSpace(space, 'p')}
      and (select count(*) from review_replies where comment_id = c.id) < ${MAX_REVIEW_REPLIES_PER_COMMENT}
    returning id, comment_id as commentId, project_id as projectId, body, created_at as createdAt`);
  return rows[0] ?? null;
}

/** How many replies a comment on a project of the space holds (0 for another space's). */
export async function replyRoom(db: Database, space: SpaceRef, commentId: string): Promise<number> {
  const [row] = await db.all<{ count: number }>(sql`
    select count(*) as count from review_replies r join projects p on p.id = r.project_id
    where r.comment_id = ${commentId} and ${inSpace(space, 'p')}`);
  return row?.count ?? 0;
}

/**
 * The replies to one page of comments in `scope` (the `limit` comments after `after`, as
 * feedback-queries.ts reads the page itself), oldest first.
 */
export async function pageReplyRows(db: Database, scope: CommentScope, after: CommentPosition | null, limit: number): Promise<ReplyRow[]> {
  const inScope = 'linkId' in scope ? sql`link_id = ${scope.linkId}` : sql`project_id = ${scope.projectId}`;
  return db.all<ReplyRow>(sql`
    select ${REPLY_COLUMNS} from review_replies r
    where r.comment_id in (
      select id from review_comments where ${inScope} and ${commentsAfter(after)} order by created_at, rowid limit ${limit})
    order by r.created_at, r.rowid`);
}

/** The rows as clients receive them, signed with the practice's name (or null: "The architect"). */
export async function presentReplies(db: Database, space: SpaceRef, rows: readonly ReplyRow[]): Promise<ReviewReply[]> {
  if (rows.length === 0) return [];
  const authorName = (await latestPractice(db, space))?.name ?? null;
  return rows.map((row) => ({ id: row.id, commentId: row.commentId, body: row.body, authorName, createdAt: new Date(row.createdAt).toISOString() }));
}
