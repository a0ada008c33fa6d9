import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { GALLERY_PERMUTATION_MULTIPLIERS, galleryPermutationSql } from '../../../worker/db/gallery-permutations';
import { chooseSearchMode, galleryRows, SPARSE_SEARCH_MAX_HITS, type GalleryRow, type SearchMode } from '../../../worker/gallery/queries';
import { galleryPage } from '../../../worker/gallery/service';
import { signUp, type SignedUp } from '../helpers';
import { clearGenerations, insertGenerations } from './gallery-helpers';

/** A D1 binding that counts the statements prepared through it. */
function countingD1(): { d1: D1Database; count: () => number } {
  let prepared = 0;
  const d1 = new Proxy(env.DB, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return (query: string) => {
          prepared += 1;
          return target.prepare(query);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
  return { d1, count: () => prepared };
}

describe('gallery queries', () => {
  let owner: SignedUp;
  let viewer: SignedUp;

  beforeAll(async () => {
    await clearGenerations();
    owner = await signUp();
    viewer = await signUp();
    await insertGenerations(50, { userId: owner.user.id, imageCount: 4 });
  });

  it('reads a full 40-card page (likes included) in one or two statements, never one per card', async () => {
    for (const seed of [0, 1, 2, 3, 5, 8, 13, 21]) {
      for (const q of [undefined, 'courtyard', 'co']) {
        const { d1, count } = countingD1();
        const page = await galleryPage(
          { db: createDatabase(d1), signingSecret: 'secret' },
          { seed, limit: 40, viewerId: viewer.user.id, q },
        );
        expect(page.items).toHaveLength(40);
        // Without search: the page, plus its wrap-around half at most. A search's first page
        // adds one probe that chooses the plan; the cursor remembers the choice.
        expect(count()).toBeGreaterThanOrEqual(1);
        expect(count()).toBeLessThanOrEqual(q === undefined ? 2 : 3);
        const next = await galleryPage(
          { db: createDatabase(countingD1().d1), signingSecret: 'secret' },
          { limit: 40, viewerId: viewer.user.id, q, cursor: page.nextCursor ?? undefined },
        );
        expect(next.items.length).toBe(10);
      }
    }
  });

  it('gives the same seeded order whether a search walks the index or starts from the trigram matches', async () => {
    const db = createDatabase(env.DB);
    for (const seed of [4, 77, 1234]) {
      const walk = async (mode: SearchMode) => {
        const ids: string[] = [];
        let after: GalleryRow | null = null;
        for (let page = 0; page < 20; page += 1) {
          const rows = await galleryRows(db, { seed, search: 'courtyard', viewerId: viewer.user.id, after, limit: 7 }, mode);
          ids.push(...rows.slice(0, 7).map((row) => row.id));
          if (rows.length <= 7) break;
          after = rows[6] ?? null;
        }
        return ids;
      };
      const scanned = await walk('scan');
      expect(scanned).toHaveLength(50);
      expect(await walk('hits')).toEqual(scanned);
    }
  });

  it('chooses the plan by how many prompts match', async () => {
    const db = createDatabase(env.DB);
    expect(await chooseSearchMode(db, '')).toBe('none');
    expect(await chooseSearchMode(db, 'co')).toBe('scan');
    expect(await chooseSearchMode(db, 'courtyard')).toBe('hits');
    await env.DB.prepare(
      `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${SPARSE_SEARCH_MAX_HITS + 5})
       insert into generations (id, user_id, prompt, visibility, engine, images, image_count, shuffle_key)
       select 'bulk-' || x, ?, 'A dense courtyard ' || x, 'private', 'preview', '[]', 0, x from n`,
    )
      .bind(owner.user.id)
      .run();
    expect(await chooseSearchMode(db, 'courtyard')).toBe('scan');
    expect(await chooseSearchMode(db, 'number 7')).toBe('hits');
  });

  it('serves the seeded order from a permutation index, not a sort of the table', async () => {
    for (const multiplier of GALLERY_PERMUTATION_MULTIPLIERS) {
      const position = galleryPermutationSql('shuffle_key', multiplier);
      const plan = await env.DB.prepare(
        `explain query plan select id from generations
         where visibility = 'public' and image_count > 0 and ${position} >= ?1 and ${position} >= ?2
           and (${position} > ?2 or rowid > ?3) and user_id <> ?4
         order by ${position}, rowid limit 41`,
      )
        .bind(5, 6, 0, 'viewer')
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join('\n');
      expect(details).toMatch(/generations_public_perm\d_idx/);
      expect(details).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
