/** A search with control characters (a NUL made the FTS5 query fail: a 500) is stripped of them. */
import { describe, expect, it } from 'vitest';
import type { GalleryPage } from '#shared/gallery-types';
import { call, json, signUp } from '../helpers';
import { insertGeneration } from './gallery-helpers';

describe('GET /api/gallery?q= with control characters', () => {
  it('answers 200, searching as if they were not there', async () => {
    const { user } = await signUp();
    const id = await insertGeneration({ userId: user.id, prompt: 'A stone chapel by the sea', visibility: 'public' });
    for (const q of ['st%00one', 'st%01one%7F', '%00%00%00', 'stone%0A', '%00']) {
      const response = await call(`/api/gallery?q=${q}`);
      expect(response.status, q).toBe(200);
      const page = await json<GalleryPage>(response);
      if (q.startsWith('st')) expect(page.items.map((item) => item.id), q).toContain(id);
    }
  });
});
