/**
 * The public gallery's query: public generations with images, not the viewer's own, optionally
 * filtered by a prompt substring, in the seeded order of worker/db/gallery-permutations.ts.
 * One page costs one or two statements (two only when the page wraps around the permutation's
 * end); the like flag is a correlated EXISTS on the unique (user_id, generation_id) index inside
 * the same statement, never a query per card.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TRIGRAM_MIN_CHARS } from '../domain/limits';
import type { Database } from './client';
import { GALLERY_PERMUTATION_MULTIPLIERS, PERMUTATION_MODULUS, galleryPermutationSql } from './gallery-permutations';
import { toCardRow, type CardRow, type RawCardRow } from './gallery-card-rows';

/** Where a page starts: in which half of the wrapped order, and after which (position, rowid). */
export interface GalleryPosition {
  /** 0: from the seed's start point to the end of the permutation; 1: from its beginning to the start. */
  phase: 0 | 1;
  position: number;
  rowid: number;
}

export interface GalleryQuery {
  seed: number;
  /** Trimmed; empty means no filter. */
  search: string;
  viewerId: string | null;
  after: GalleryPosition | null;
  limit: number;
}

export interface GalleryRow extends CardRow {
  phase: 0 | 1;
  position: number;
  rowid: number;
}

/** The permutation a seed chooses, and where in it the seed's order begins (1 … P − 1). */
export function seedOrder(seed: number): { permutation: number; start: number } {
  const permutation = seed % GALLERY_PERMUTATION_MULTIPLIERS.length;
  // A cheap integer mix, so neighbouring seeds start far apart.
  const mixed = Math.imul(seed ^ (seed >>> 16), 0x45d9f3b) >>> 0;
  return { permutation, start: 1 + (mixed % (PERMUTATION_MODULUS - 1)) };
}

function positionSql(permutation: number): SQL {
  return sql.raw(galleryPermutationSql('shuffle_key', GALLERY_PERMUTATION_MULTIPLIERS[permutation]));
}

/** A LIKE pattern matching `text` literally anywhere (for searches too short for trigrams). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** An FTS5 phrase: the trigram tokenizer matches it as a case-insensitive substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function searchFilter(search: string): SQL {
  if (search === '') return sql``;
  if ([...search].length < TRIGRAM_MIN_CHARS) return sql` and prompt like ${likePattern(search)} escape '\\'`;
  return sql` and rowid in (select rowid from generations_fts where generations_fts match ${ftsPhrase(search)})`;
}

function likedColumn(viewerId: string | null): SQL {
  if (viewerId === null) return sql`0`;
  return sql`exists (select 1 from liked where liked.user_id = ${viewerId} and liked.generation_id = generations.id)`;
}

async function readPhase(
  db: Database,
  query: GalleryQuery,
  phase: 0 | 1,
  after: { position: number; rowid: number },
  limit: number,
): Promise<GalleryRow[]> {
  const { permutation, start } = seedOrder(query.seed);
  const position = positionSql(permutation);
  const phaseBound = phase === 0 ? sql`${position} >= ${start}` : sql`${position} < ${start}`;
  const notOwn = query.viewerId === null ? sql`` : sql` and user_id <> ${query.viewerId}`;
  const rows = await db.all<RawCardRow & { position: number; rowid: number }>(sql`
    select rowid, ${position} as position, id, user_id, prompt, model, visibility, images,
      reference_images, like_count, created_at, ${likedColumn(query.viewerId)} as liked
    from generations
    where visibility = 'public' and image_count > 0
      and ${phaseBound}
      and ${position} >= ${after.position} and (${position} > ${after.position} or rowid > ${after.rowid})
      ${notOwn}${searchFilter(query.search)}
    order by ${position}, rowid
    limit ${limit}`);
  return rows.map((row) => ({ ...toCardRow(row), phase, position: row.position, rowid: row.rowid }));
}

/**
 * Up to `limit + 1` rows after `query.after` (the extra one tells whether a next page exists):
 * the rest of phase 0, then — only when that runs short — phase 1 from the beginning.
 */
export async function galleryRows(db: Database, query: GalleryQuery): Promise<GalleryRow[]> {
  const wanted = query.limit + 1;
  const after = query.after ?? { phase: 0, position: 0, rowid: -1 };
  const first = await readPhase(db, query, after.phase, after, wanted);
  if (after.phase === 1 || first.length >= wanted) return first;
  const second = await readPhase(db, query, 1, { position: 0, rowid: -1 }, wanted - first.length);
  return [...first, ...second];
}
