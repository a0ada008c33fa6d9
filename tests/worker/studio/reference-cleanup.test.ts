/** The cron removes uploaded references no generation uses once they are a day old. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { cleanUpUnusedReferences } from '../../../worker/studio/reference-cleanup';
import { insertGeneration } from '../gallery/gallery-helpers';
import { signUp } from '../helpers';
import { pngBytes } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('cleanUpUnusedReferences', () => {
  it('keeps references a generation uses and recent ones, removes the old unused ones', async () => {
    const { user } = await signUp();
    const prefix = `references/${user.id}/`;
    const used = `${prefix}20261120-used.png`;
    const unused = Array.from({ length: 120 }, (_, i) => `${prefix}20261120-unused-${i}.png`);
    await Promise.all([used, ...unused].map((key) => env.MEDIA.put(key, pngBytes())));
    await insertGeneration({ userId: user.id, referenceImages: [used] });
    const deps = { db: createDatabase(env.DB), media: env.MEDIA };

    // Uploaded just now: nothing is a day old yet.
    expect(await cleanUpUnusedReferences({ ...deps, now: () => Date.now() })).toMatchObject({ deleted: 0 });
    // Two days later: the 120 unused go (more than one D1 statement's worth), the used one stays.
    expect(await cleanUpUnusedReferences({ ...deps, now: () => Date.now() + 2 * DAY })).toMatchObject({ deleted: 120 });
    const left = (await env.MEDIA.list({ prefix })).objects.map((object) => object.key);
    expect(left).toEqual([used]);
  });
});
