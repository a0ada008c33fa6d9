/**
 * The public gallery's query: public generations with images, not the viewer's own, optionally
 * filtered by a prompt substring, in the seeded order of worker/db/gallery-permutations.ts.
 * A page costs one statement, two when it wraps around the permutation's end; the first page of
 * a search adds one probe that picks the search plan. The like flag is a correlated EXISTS on
 * the unique (user_id, generation_id) index inside the same statement, never a query per card.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TRIGRAM_MIN_CHARS } from '../platform/limits';
import type { Database } from '../db/client';
import { GALLERY_PERMUTATION_MULTIPLIERS, PERMUTATION_MODULUS, galleryPermutationSql } from '../db/gallery-permutations';
import { QUALIFIED_CARD_COLUMNS, toCardRow, type CardRow, type RawCardRow } from './card-rows';

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
function seedOrder(seed: number): { permutation: number; start: number } {
  const permutation = seed % GALLERY_PERMUTATION_MULTIPLIERS.length;
  // A cheap integer mix, so neighbouring seeds start far apart.
  const mixed = Math.imul(seed ^ (seed >>> 16), 0x45d9f3b) >>> 0;
  return { permutation, start: 1 + (mixed % (PERMUTATION_MODULUS - 1)) };
}

function positionSql(permutation: number): SQL {
  const multiplier = GALLERY_PERMUTATION_MULTIPLIERS[permutation];
  if (multiplier === undefined) throw new RangeError(`no gallery permutation ${permutation}`);
  return sql.raw(galleryPermutationSql('shuffle_key', multiplier));
}

/** A LIKE pattern matching `text` literally anywhere (LIKE is case-insensitive for ASCII). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** An FTS5 phrase: the trigram tokenizer matches it as a case-insensitive substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function likedColumn(viewerId: string | null): SQL {
  if (viewerId === null) return sql`0`;
  return sql`exists (select 1 from liked where liked.user_id = ${viewerId} and liked.generation_id = generations.id)`;
}

function notOwn(viewerId: string | null): SQL {
  return viewerId === null ? sql`` : sql` and generations.user_id <> ${viewerId}`;
}

const CARD_SELECT = sql.raw(QUALIFIED_CARD_COLUMNS);

type RawGalleryRow = RawCardRow & { position: number; rowid: number; phase: number };

function toGalleryRow(row: RawGalleryRow): GalleryRow {
  return { ...toCardRow(row), phase: row.phase === 1 ? 1 : 0, position: row.position, rowid: row.rowid };
}

/**
 * How a search is answered. `scan` walks the permutation index and tests each row's prompt —
 * cheap when matches are dense (40 of them turn up quickly) and the only way for queries shorter
 * than a trigram. `hits` starts from the trigram index's matches and sorts just those — cheap
 * when matches are rare, where a scan would read the whole index to fill a page.
 */
export type SearchMode = 'none' | 'scan' | 'hits';

/** Matches at most this many: `hits`; more: `scan` (then at least 1 row in 100 matches at 100,000). */
export const SPARSE_SEARCH_MAX_HITS = 1000;

export async function chooseSearchMode(db: Database, search: string): Promise<SearchMode> {
  if (search === '') return 'none';
  if ([...search].length < TRIGRAM_MIN_CHARS) return 'scan';
  const rows = await db.all<{ hits: number }>(sql`
    select count(*) as hits from (
      select 1 from generations_fts where generations_fts match ${ftsPhrase(search)} limit ${SPARSE_SEARCH_MAX_HITS + 1})`);
  return (rows[0]?.hits ?? 0) > SPARSE_SEARCH_MAX_HITS ? 'scan' : 'hits';
}

/** One phase of the wrapped order, walked along the permutation's index. */
async function scanPhase(
  db: Database,
  query: GalleryQuery,
  phase: 0 | 1,
  after: { position: number; rowid: number },
  limit: number,
): Promise<GalleryRow[]> {
  const { permutation, start } = seedOrder(query.seed);
  const position = positionSql(permutation);
  const phaseBound = phase === 0 ? sql`${position} >= ${start}` : sql`${position} < ${start}`;
  const promptFilter = query.search === '' ? sql`` : sql` and generations.prompt like ${likePattern(query.search)} escape '\\'`;
  const rows = await db.all<RawGalleryRow>(sql`
    select generations.rowid as rowid, ${position} as position, ${phase} as phase, ${CARD_SELECT},
      ${likedColumn(query.viewerId)} as liked
    from generations
    where visibility = 'public' and image_count > 0
      and ${phaseBound}
      and ${position} >= ${after.position} and (${position} > ${after.position} or rowid > ${after.rowid})
      ${notOwn(query.viewerId)}${promptFilter}
    order by ${position}, rowid
    limit ${limit}`);
  return rows.map(toGalleryRow);
}

/** Both phases at once from the trigram matches (few by construction), sorted in the seed's order. */
async function hitsPage(db: Database, query: GalleryQuery, after: GalleryPosition, limit: number): Promise<GalleryRow[]> {
  const { permutation, start } = seedOrder(query.seed);
  const position = positionSql(permutation);
  const phase = sql`(${position} < ${start})`;
  // CROSS JOIN keeps the matches as the outer loop: SQLite never reorders it. Only the sort
  // keys of the matches are sorted; the wide card columns are read for the page's rows alone.
  const rows = await db.all<RawGalleryRow>(sql`
    with page as (
      select generations.rowid as rid, ${position} as position, ${phase} as phase
      from generations_fts cross join generations on generations.rowid = generations_fts.rowid
      where generations_fts match ${ftsPhrase(query.search)}
        and generations.visibility = 'public' and generations.image_count > 0
        and (${phase}, ${position}, generations.rowid) > (${after.phase}, ${after.position}, ${after.rowid})
        ${notOwn(query.viewerId)}
      order by 3, 2, 1
      limit ${limit})
    select page.rid as rowid, page.position, page.phase, ${CARD_SELECT}, ${likedColumn(query.viewerId)} as liked
    from page cross join generations on generations.rowid = page.rid
    order by page.phase, page.position, page.rid`);
  return rows.map(toGalleryRow);
}

/**
 * Up to `limit + 1` rows after `query.after` (the extra one tells whether a next page exists).
 * Scanning: the rest of phase 0, then — only when that runs short — phase 1 from the beginning.
 */
export async function galleryRows(db: Database, query: GalleryQuery, mode: SearchMode): Promise<GalleryRow[]> {
  const wanted = query.limit + 1;
  const after = query.after ?? { phase: 0, position: 0, rowid: -1 };
  if (mode === 'hits') return hitsPage(db, query, after, wanted);
  const first = await scanPhase(db, query, after.phase, after, wanted);
  if (after.phase === 1 || first.length >= wanted) return first;
  const second = await scanPhase(db, query, 1, { position: 0, rowid: -1 }, wanted - first.length);
  return [...first, ...second];
}

/** One public generation with images, as a card row (its like flag off: the anonymous view); null when there is none. */
export async function publicCardRow(db: Database, id: string): Promise<CardRow | null> {
  const rows = await db.all<RawCardRow>(sql`
    select ${CARD_SELECT}, 0 as liked from generations
    where id = ${id} and visibility = 'public' and image_count > 0`);
  const [row] = rows;
  return row ? toCardRow(row) : null;
}
