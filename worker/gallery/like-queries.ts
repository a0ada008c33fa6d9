/**
 * Likes (docs/decisions/0018-likes.md): one per user and generation (the unique key), only on a
 * public or one's own generation. Each change is one D1 batch — one transaction — that writes the
 * like and recounts the generation's likes from the `liked` rows, so the counter is exact however
 * many likes arrive in parallel, and an idempotent repeat leaves it as it was.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { QUALIFIED_CARD_COLUMNS, toCardRow, type CardRow, type RawCardRow } from './card-rows';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/** The generation may be liked (and unliked) by this user: it is public or theirs. */
function likeable(userId: string): SQL {
  return sql`(generations.visibility = 'public' or generations.user_id = ${userId})`;
}

// The batch is written against D1 directly: drizzle's batch does not take raw statements.
const LIKEABLE = `(generations.visibility = 'public' or generations.user_id = ?1)`;
const INSERT_LIKE = `insert into liked (user_id, generation_id)
  select ?1, id from generations where id = ?2 and ${LIKEABLE}
  on conflict (user_id, generation_id) do nothing`;
const DELETE_LIKE = `delete from liked where user_id = ?1 and generation_id = ?2
  and exists (select 1 from generations where id = ?2 and ${LIKEABLE})`;
const RECOUNT = `update generations
  set like_count = (select count(*) from liked where liked.generation_id = ?1)
  where id = ?1`;
const READ_STATE = `select like_count,
  exists (select 1 from liked where liked.user_id = ?1 and liked.generation_id = ?2) as liked
  from generations where id = ?2 and ${LIKEABLE}`;

interface StateRow {
  like_count: number;
  liked: number;
}

async function changeLike(d1: D1Database, change: string, userId: string, generationId: string): Promise<LikeState | null> {
  const results = await d1.batch([
    d1.prepare(change).bind(userId, generationId),
    d1.prepare(RECOUNT).bind(generationId),
    d1.prepare(READ_STATE).bind(userId, generationId),
  ]);
  const row = (results[2] as D1Result<StateRow>).results[0];
  return row ? { liked: row.liked === 1, likeCount: row.like_count } : null;
}

/** Likes once; null when the generation does not exist or may not be liked by this user. */
export function addLike(db: Database, userId: string, generationId: string): Promise<LikeState | null> {
  return changeLike(db.$client, INSERT_LIKE, userId, generationId);
}

/** Unlikes; null when the generation does not exist or may not be liked by this user. */
export function removeLike(db: Database, userId: string, generationId: string): Promise<LikeState | null> {
  return changeLike(db.$client, DELETE_LIKE, userId, generationId);
}

export interface LikedPosition {
  likedAt: number;
  likeId: number;
}

export interface LikedRow extends CardRow {
  likedAt: number;
  likeId: number;
}

/** The user's likes of generations that are public or their own, newest like first. */
export async function likedRows(
  db: Database,
  userId: string,
  after: LikedPosition | null,
  limit: number,
): Promise<LikedRow[]> {
  const columns = sql.raw(QUALIFIED_CARD_COLUMNS);
  const afterFilter = after
    ? sql` and (liked.created_at < ${after.likedAt} or (liked.created_at = ${after.likedAt} and liked.id < ${after.likeId}))`
    : sql``;
  const rows = await db.all<RawCardRow & { liked_at: number; like_id: number }>(sql`
    select ${columns}, 1 as liked, liked.created_at as liked_at, liked.id as like_id
    from liked join generations on generations.id = liked.generation_id
    where liked.user_id = ${userId} and ${likeable(userId)} and generations.image_count > 0${afterFilter}
    order by liked.created_at desc, liked.id desc
    limit ${limit}`);
  return rows.map((row) => ({ ...toCardRow(row), likedAt: row.liked_at, likeId: row.like_id }));
}
