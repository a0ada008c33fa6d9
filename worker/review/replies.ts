/**
 * The owner's replies to client comments: written only under a comment on one of the owner's
 * projects (in the statement itself), read per link for the reviewer and per project for the owner.
 * A reply is signed as the practice the owner last named on a saved board.
 */
import { sql } from 'drizzle-orm';
import type { ReviewReply } from '#shared/review-types';
import type { Database } from '../db/client';
import { latestPractice } from '../boards';

interface ReplyRow {
  id: string;
  commentId: string;
  projectId: string;
  body: string;
  createdAt: number;
}

const REPLY_COLUMNS = sql`r.id as id, r.comment_id as commentId, r.project_id as projectId, r.body as body, r.created_at as createdAt`;

/** Adds the reply under a comment on one of `userId`'s projects; null when the comment is anywhere else. */
export async function insertReply(db: Database, userId: string, reply: { id: string; commentId: string; body: string }): Promise<ReplyRow | null> {
  const rows = await db.all<ReplyRow>(sql`
    insert into review_replies (id, comment_id, project_id, user_id, body)
    select ${reply.id}, c.id, c.project_id, p.user_id, ${reply.body}
    from review_comments c join projects p on p.id = c.project_id
    where c.id = ${reply.commentId} and p.user_id = ${userId}
    returning id, comment_id as commentId, project_id as projectId, body, created_at as createdAt`);
  return rows[0] ?? null;
}

/** Replies to the comments that came through one link, oldest first. */
export async function linkReplyRows(db: Database, linkId: string): Promise<ReplyRow[]> {
  return db.all<ReplyRow>(sql`
    select ${REPLY_COLUMNS} from review_replies r join review_comments c on c.id = r.comment_id
    where c.link_id = ${linkId} order by r.created_at, r.rowid`);
}

/** Every reply in a project, oldest first. */
export async function projectReplyRows(db: Database, projectId: string): Promise<ReplyRow[]> {
  return db.all<ReplyRow>(sql`select ${REPLY_COLUMNS} from review_replies r where r.project_id = ${projectId} order by r.created_at, r.rowid`);
}

/** The rows as clients receive them, signed with the owner's practice name (or null: "The architect"). */
export async function presentReplies(db: Database, ownerId: string, rows: readonly ReplyRow[]): Promise<ReviewReply[]> {
  if (rows.length === 0) return [];
  const authorName = (await latestPractice(db, ownerId))?.name ?? null;
  return rows.map((row) => ({ id: row.id, commentId: row.commentId, body: row.body, authorName, createdAt: new Date(row.createdAt).toISOString() }));
}
