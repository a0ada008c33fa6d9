/**
 * Who gets a view's fidelity map (docs/decisions/0086): its owner, at
 * GET /api/generations/:id/images/:index/fidelity-map, and a review link's viewer through the
 * link's image routes; anyone else a 404, and /media never serves it, even for a public generation.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIDELITY_MAP_COLORS, FIDELITY_MAP_LONG_SIDE } from '#shared/drawing-inputs';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { ReviewPage } from '#shared/review-types';
import { call, json, type SignedUp } from '../helpers';
import { createProject } from '../projects/helpers';
import { createLink } from '../review/review-helpers';
import { decodeImage, generate, userWith } from '../studio/helpers';
import { seedWhere, uploadDrawing } from './drawing-helpers';

const PROMPT = 'A timber library on a hillside';

let owner: SignedUp;
let stranger: SignedUp;
let scored: GenerateSuccessResponse;
let unscored: GenerateSuccessResponse;
let projectId: string;

beforeAll(async () => {
  owner = await userWith({ credits: 40 });
  stranger = await userWith({ credits: 40 });
  projectId = (await createProject(owner.token)).id;
  const path = await uploadDrawing(owner.token, 'elevation-3');
  const response = await generate(owner.token, {
    prompt: PROMPT, model: 'concept', aspectRatio: '16:9', numberOfViews: 1, referenceImages: [path], inputType: 'drawing', fidelity: 5, seed: seedWhere(5, [false]), projectId,
  });
  expect(response.status).toBe(200);
  scored = await json<GenerateSuccessResponse>(response);
  unscored = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt: PROMPT, model: 'concept', numberOfViews: 1, referenceImages: [path], inputType: 'photo', projectId }));
}, 120_000);

const mapPath = (id: string, index = 0) => `/api/generations/${id}/images/${index}/fidelity-map`;

describe('GET /api/generations/:id/images/:index/fidelity-map', () => {
  it('gives the owner a PNG at the metric\'s size: kept lines in their colour, transparent elsewhere', async () => {
    const response = await call(mapPath(scored.generationId), { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const etag = response.headers.get('etag');
    const map = decodeImage(new Uint8Array(await response.arrayBuffer()));
    expect(Math.max(map.width, map.height)).toBe(FIDELITY_MAP_LONG_SIDE);
    expect(map.width / map.height).toBeCloseTo(scored.images[0]!.width / scored.images[0]!.height, 2);
    let kept = 0;
    let clear = 0;
    for (let i = 0; i < map.pixels.length; i += 4) {
      if (map.pixels[i + 3] === 0) clear += 1;
      else if ([map.pixels[i], map.pixels[i + 1], map.pixels[i + 2]].join() === FIDELITY_MAP_COLORS.kept.join()) kept += 1;
    }
    expect(kept).toBeGreaterThan(1000);
    expect(clear).toBeGreaterThan((map.pixels.length / 4) * 0.8);
    const again = await call(mapPath(scored.generationId), { token: owner.token, headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('is a 404 for anyone else, for an unscored view, and for a view that does not exist; a 401 signed out', async () => {
    expect((await call(mapPath(scored.generationId), { token: stranger.token })).status).toBe(404);
    expect((await call(mapPath(unscored.generationId), { token: owner.token })).status).toBe(404);
    expect((await call(mapPath(scored.generationId, 3), { token: owner.token })).status).toBe(404);
    expect((await call(mapPath(scored.generationId, 9), { token: owner.token })).status).toBe(400);
    expect((await call(mapPath(crypto.randomUUID()), { token: owner.token })).status).toBe(404);
    expect((await call(mapPath(scored.generationId))).status).toBe(401);
  });

  it('is the owner\'s while the job still runs (from the job\'s view), and gone with a deleted job', async () => {
    const id = crypto.randomUUID();
    const mapKey = `generations/${owner.user.id}/${id}/0-fidelity.png`;
    await env.MEDIA.put(mapKey, await (await call(mapPath(scored.generationId), { token: owner.token })).arrayBuffer(), { httpMetadata: { contentType: 'image/png' } });
    const image = { ...scored.images[0], key: `generations/${owner.user.id}/${id}/0.jpg`, fidelity: { score: 0.9, retried: false, mapKey } };
    await env.DB.prepare("insert into generation_jobs (id, user_id, status, cost, state, views) values (?, ?, 'pending', 4, 'running', ?)")
      .bind(id, owner.user.id, JSON.stringify([{ status: 'done', image }]))
      .run();
    expect((await call(mapPath(id), { token: owner.token })).status).toBe(200);
    expect((await call(mapPath(id), { token: stranger.token })).status).toBe(404);
    await env.DB.prepare('update generation_jobs set deleted_at = 1 where id = ?').bind(id).run();
    expect((await call(mapPath(id), { token: owner.token })).status).toBe(404);
  });

  it('is never served through /media, even of a public generation', async () => {
    const key = `generations/${owner.user.id}/${scored.generationId}/0-fidelity.png`;
    expect((await call(`/media/${key}`)).status).toBe(403);
    expect((await call(`/media/${key}`, { token: owner.token })).status).toBe(403);
    // The render itself is public (free plan): only its map is held back.
    expect((await call(scored.images[0]!.url)).status).toBe(200);
  });
});

describe('a review link\'s viewer', () => {
  it('opens the map of a view in the link\'s project through the link, and the page says where', async () => {
    const link = await createLink(owner.token, projectId);
    const page = await json<ReviewPage>(await call(`/api/review/${link.token}`));
    const image = page.generations.find((generation) => generation.id === scored.generationId)!.images[0]!;
    expect(image.fidelity).toEqual({ score: scored.images[0]!.fidelity!.score, retried: false });
    expect(image.fidelityMapUrl).toBe(`/api/review/${link.token}/images/${scored.generationId}/0/fidelity-map`);
    const response = await call(image.fidelityMapUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const unscoredImage = page.generations.find((generation) => generation.id === unscored.generationId)!.images[0]!;
    expect(unscoredImage.fidelityMapUrl).toBeUndefined();
    expect((await call(`/api/review/${link.token}/images/${unscored.generationId}/0/fidelity-map`)).status).toBe(404);
  });

  it('gets a 404 through a link of another project or with a token that does not work', async () => {
    const otherProject = await createProject(owner.token, 'Elsewhere');
    const otherLink = await createLink(owner.token, otherProject.id);
    expect((await call(`/api/review/${otherLink.token}/images/${scored.generationId}/0/fidelity-map`)).status).toBe(404);
    expect((await call(`/api/review/${'x'.repeat(43)}/images/${scored.generationId}/0/fidelity-map`)).status).toBe(404);
    await call(`/api/review-links/${otherLink.id}`, { method: 'DELETE', token: owner.token });
    expect((await call(`/api/review/${otherLink.token}/images/${scored.generationId}/0/fidelity-map`)).status).toBe(404);
  });
});
