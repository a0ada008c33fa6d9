/**
 * Images through a review link (issue 22, item 5): without downloads only rungs below the original
 * and at most 1024 px wide; every image revalidates, so a revoked link stops showing them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewPage } from '#shared/review-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { createLink, insertProject, insertVersion } from './review-helpers';

async function imagesOf(token: string) {
  const page = await json<ReviewPage>(await call(`/api/review/${token}`));
  const image = page.generations[0]?.images[0];
  if (!image) throw new Error('the page has no image');
  return image;
}

const widthUrl = (url: string, width: number) => url.replace(/\/thumb$/, `/w${width}`);

describe('review link images', () => {
  let owner: SignedUp;
  let projectId: string;

  beforeEach(async () => {
    owner = await signUp();
    projectId = await insertProject(owner.user.id);
  });

  it('without downloads, lists and serves only rungs below the original, at most 1024 px wide', async () => {
    await insertVersion({ userId: owner.user.id, projectId, width: 1024 });
    const { token } = await createLink(owner.token, projectId);
    const image = await imagesOf(token);
    expect(image.url).toBeUndefined();
    expect(image.renditions.map((rendition) => rendition.width)).toEqual([200, 320, 512, 800]);
    for (const rendition of image.renditions) expect((await call(rendition.url)).status).toBe(200);
    // The top rung is the original's width: asked for by hand, it is not there.
    expect((await call(widthUrl(image.thumbnailUrl, 1024))).status).toBe(404);
  });

  it('without downloads, caps a 2K image’s ladder at 1024 px', async () => {
    await insertVersion({ userId: owner.user.id, projectId, width: 2048 });
    const { token } = await createLink(owner.token, projectId);
    const image = await imagesOf(token);
    expect(image.renditions.map((rendition) => rendition.width)).toEqual([200, 320, 512, 800]);
    for (const width of [1280, 2048]) expect((await call(widthUrl(image.thumbnailUrl, width))).status).toBe(404);
  });

  it('with downloads, hands out the whole ladder and the original', async () => {
    await insertVersion({ userId: owner.user.id, projectId, width: 2048 });
    const { token } = await createLink(owner.token, projectId, { allowDownload: true });
    const image = await imagesOf(token);
    expect(image.renditions.map((rendition) => rendition.width)).toEqual([200, 320, 512, 800, 1280, 2048]);
    expect((await call(widthUrl(image.thumbnailUrl, 2048))).status).toBe(200);
    expect((await call(image.url ?? '')).status).toBe(200);
  });

  it('makes every image revalidate with its ETag, and a revoked link answers 404 to a revalidation', async () => {
    await insertVersion({ userId: owner.user.id, projectId });
    const link = await createLink(owner.token, projectId);
    const image = await imagesOf(link.token);
    const etags = new Map<string, string>();
    for (const url of [image.thumbnailUrl, image.renditions[0]?.url ?? '']) {
      const first = await call(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
      const etag = first.headers.get('ETag') ?? '';
      expect(etag).toMatch(/^"[0-9a-f]+"$/);
      etags.set(url, etag);
      const again = await call(url, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('Cache-Control')).toBe('private, no-cache');
    }

    expect((await call(`/api/review-links/${link.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    for (const [url, etag] of etags) {
      expect((await call(url, { headers: { 'If-None-Match': etag } })).status).toBe(404);
    }
  });
});
