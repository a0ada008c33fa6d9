/**
 * Comments and decisions through review links, in D1. Every write names its link's project and
 * owner in the same statement that makes it, so a generation anywhere else is simply "no row"; and
 * the same statement holds the link and the project to their caps (worker/platform/caps.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReviewDecision } from '#shared/review-types';
import type { Database } from '../db/client';
import {
  MAX_REVIEW_COMMENTS_PER_LINK,
  MAX_REVIEW_COMMENTS_PER_PROJECT,
  MAX_REVIEW_DECISIONS_PER_LINK,
  MAX_REVIEW_DECISIONS_PER_PROJECT,
} from '../platform/caps';
import { linkSpace, type ActiveLink } from './queries';
import { inSpace, type SpaceRef } from '../platform/space';

export interface CommentRow {
  /** SQLite's rowid: the order of comments made in the same millisecond, and the cursor's tie-break. */
  seq: number;
  id: string;
  linkId: string;
  projectId: string;
  generationId: string;
  imageIndex: number;
  body: string;
  authorName: string;
  x: number | null;
  y: number | null;
  resolvedAt: number | null;
  createdAt: number;
}

export interface ApprovalRow {
  id: string;
  linkId: string;
  projectId: string;
  generationId: string;
  status: ReviewDecision;
  reviewerName: string;
  createdAt: number;
}

/** A decision as the owner reads it: with the creation time of the link it came through. */
export interface OwnerApprovalRow extends ApprovalRow {
  linkCreatedAt: number;
}

/** Where a page of comments ends: the last comment shown. */
export interface CommentPosition {
  createdAt: number;
  seq: number;
}

const COMMENT_COLUMNS = sql`rowid as seq, id, link_id as linkId, project_id as projectId, generation_id as generationId,
  image_index as imageIndex, body, author_name as authorName, x, y, resolved_at as resolvedAt, created_at as createdAt`;
const APPROVAL_COLUMNS = sql`id, link_id as linkId, project_id as projectId, generation_id as generationId, status,
  reviewer_name as reviewerName, created_at as createdAt`;

/** Which comments a page is read from: one link's, or one project's through all its links. */
export type CommentScope = { linkId: string } | { projectId: string };

/** The comments after `after`, the previous page's last (every comment on the first page). */
export function commentsAfter(after: CommentPosition | null): SQL {
  if (!after) return sql`1`;
  return sql`(created_at > ${after.createdAt} or (created_at = ${after.createdAt} and rowid > ${after.seq}))`;
}

/** One page of a link's comments, oldest first, by the (link_id, created_at) index. */
export async function linkComments(db: Database, linkId: string, after: CommentPosition | null, limit: number): Promise<CommentRow[]> {
  return db.all<CommentRow>(sql`
    select ${COMMENT_COLUMNS} from review_comments
    where link_id = ${linkId} and ${commentsAfter(after)}
    order by created_at, rowid limit ${limit}`);
}

/** How many comments each generation has through a link. */
export async function linkCommentCounts(db: Database, linkId: string): Promise<Map<string, number>> {
  const rows = await db.all<{ generationId: string; count: number }>(sql`
    select generation_id as generationId, count(*) as count from review_comments where link_id = ${linkId} group by generation_id`);
  return new Map(rows.map((row) => [row.generationId, row.count]));
}

export async function linkApprovals(db: Database, linkId: string): Promise<ApprovalRow[]> {
  return db.all<ApprovalRow>(sql`select ${APPROVAL_COLUMNS} from review_approvals where link_id = ${linkId} order by created_at, rowid`);
}

/** One page of a project's comments through all its links, oldest first, by the (project_id, created_at) index. */
export async function projectComments(db: Database, projectId: string, after: CommentPosition | null, limit: number): Promise<CommentRow[]> {
  return db.all<CommentRow>(sql`
    select ${COMMENT_COLUMNS} from review_comments
    where project_id = ${projectId} and ${commentsAfter(after)}
    order by created_at, rowid limit ${limit}`);
}

/** Every decision on a project (at most MAX_REVIEW_DECISIONS_PER_PROJECT), with its link's creation time. */
export async function projectApprovals(db: Database, projectId: string): Promise<OwnerApprovalRow[]> {
  return db.all<OwnerApprovalRow>(sql`
    select a.id as id, a.link_id as linkId, a.project_id as projectId, a.generation_id as generationId, a.status as status,
      a.reviewer_name as reviewerName, a.created_at as createdAt, l.created_at as linkCreatedAt
    from review_approvals a join review_links l on l.id = a.link_id
    where a.project_id = ${projectId} order by a.created_at, a.rowid`);
}

/**
 * Adds a comment only on an image that exists of a generation in the link's project, and only
 * while the link and the project are under their comment caps, in one statement; null otherwise
 * (commentRoom says which).
 */
export async function insertComment(
  db: Database,
  link: ActiveLink,
  comment: { id: string; generationId: string; imageIndex: number; body: string; authorName: string; x: number | null; y: number | null },
): Promise<CommentRow | null> {
  const rows = await db.all<CommentRow>(sql`
    insert into review_comments (id, link_id, project_id, generation_id, image_index, body, author_name, x, y)
    select ${comment.id}, ${link.id}, project_id, id, ${comment.imageIndex}, ${comment.body}, ${comment.authorName}, ${comment.x}, ${comment.y}
    from generations
    where id = ${comment.generationId} and project_id = ${link.projectId} and ${inSpace(linkSpace(link))}
      and image_count > ${comment.imageIndex}
      and (select count(*) from review_comments where link_id = ${link.id}) < ${MAX_REVIEW_COMMENTS_PER_LINK}
      and (select count(*) from review_comments where project_id = ${link.projectId}) < ${MAX_REVIEW_COMMENTS_PER_PROJECT}
    returning ${COMMENT_COLUMNS}`);
  return rows[0] ?? null;
}

/** How many comments a link and its project hold: which cap refused a comment, if any. */
export async function commentRoom(db: Database, link: ActiveLink): Promise<{ link: number; project: number }> {
  const [row] = await db.all<{ link: number; project: number }>(sql`
    select (select count(*) from review_comments where link_id = ${link.id}) as link,
      (select count(*) from review_comments where project_id = ${link.projectId}) as project`);
  return row ?? { link: 0, project: 0 };
}

/**
 * Records a decision on a generation of the link's project while the link and the project are
 * under their decision caps; null otherwise (decisionRoom says which).
 */
export async function insertApproval(
  db: Database,
  link: ActiveLink,
  approval: { id: string; generationId: string; status: ReviewDecision; reviewerName: string },
): Promise<ApprovalRow | null> {
  const rows = await db.all<ApprovalRow>(sql`
    insert into review_approvals (id, link_id, project_id, generation_id, status, reviewer_name)
    select ${approval.id}, ${link.id}, project_id, id, ${approval.status}, ${approval.reviewerName}
    from generations
    where id = ${approval.generationId} and project_id = ${link.projectId} and ${inSpace(linkSpace(link))}
      and (select count(*) from review_approvals where link_id = ${link.id}) < ${MAX_REVIEW_DECISIONS_PER_LINK}
      and (select count(*) from review_approvals where project_id = ${link.projectId}) < ${MAX_REVIEW_DECISIONS_PER_PROJECT}
    returning ${APPROVAL_COLUMNS}`);
  return rows[0] ?? null;
}

/** How many decisions a link and its project hold. */
export async function decisionRoom(db: Database, link: ActiveLink): Promise<{ link: number; project: number }> {
  const [row] = await db.all<{ link: number; project: number }>(sql`
    select (select count(*) from review_approvals where link_id = ${link.id}) as link,
      (select count(*) from review_approvals where project_id = ${link.projectId}) as project`);
  return row ?? { link: 0, project: 0 };
}

/** Resolves or reopens a comment on a project of the space; null when it is not the space's. */
export async function setCommentResolved(
  db: Database,
  space: SpaceRef,
  commentId: string,
  resolvedAt: number | null,
): Promise<CommentRow | null> {
  const rows = await db.all<CommentRow>(sql`
    update review_comments set resolved_at = case when ${resolvedAt} is null then null else coalesce(resolved_at, ${resolvedAt}) end
    where id = ${commentId} and project_id in (select id from projects where ${inSpace(space)})
    returning ${COMMENT_COLUMNS}`);
  return rows[0] ?? null;
}
