import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { GALLERY_PERMUTATION_MULTIPLIERS, galleryPermutationSql } from '../../../worker/db/gallery-permutations';
import { galleryPage } from '../../../worker/services/gallery';
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
      return typeof value === 'function' ? value.bind(target) : value;
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

  it('reads a full 40-card page (likes included) with at most two statements, never one per card', async () => {
    for (const seed of [0, 1, 2, 3, 5, 8, 13, 21]) {
      const { d1, count } = countingD1();
      const page = await galleryPage(
        { db: createDatabase(d1), signingSecret: 'secret' },
        { seed, limit: 40, viewerId: viewer.user.id, q: 'courtyard' },
      );
      expect(page.items).toHaveLength(40);
      expect(count()).toBeGreaterThanOrEqual(1);
      expect(count()).toBeLessThanOrEqual(2);
    }
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
