import { describe, expect, it } from 'vitest';
import type { GalleryPage } from '#shared/gallery-types';
import { D1_BOOKMARK_HEADER } from '#shared/edge';
import { sessionStart, validBookmark } from '../../../worker/db/sessions';
import { call, json, signUp } from '../helpers';
import { insertGeneration } from '../gallery/gallery-helpers';

describe('D1 sessions and bookmarks', () => {
  it('starts replica-safe reads anywhere, everything else on the primary, and after a bookmark when sent', () => {
    expect(sessionStart('GET', '/api/gallery', null)).toBe('first-unconstrained');
    expect(sessionStart('GET', '/api/generations', null)).toBe('first-unconstrained');
    expect(sessionStart('GET', '/api/me', 'abc-1')).toBe('abc-1');
    expect(sessionStart('POST', '/api/auth/refresh', 'abc-1')).toBe('first-primary');
    expect(sessionStart('PUT', '/api/generations/x/like', null)).toBe('first-primary');
    expect(sessionStart('GET', '/api/gallerything', null)).toBe('first-primary');
    expect(validBookmark('0000000a-00000001-00004f5d-b2c0e2f8ad1de0a9e4b4d5c1f0e2a3b4')).not.toBeNull();
    expect(validBookmark('not a bookmark; drop table')).toBeNull();
    expect(validBookmark(undefined)).toBeNull();
  });

  it('answers every API call with the newest bookmark, and a read with a like’s bookmark sees the like', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const id = await insertGeneration({ userId: owner.user.id, prompt: `bookmark ${crypto.randomUUID()}` });
    const liked = await call(`/api/generations/${id}/like`, { method: 'PUT', token: fan.token });
    expect(liked.status).toBe(200);
    const bookmark = liked.headers.get(D1_BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-zA-Z-]+$/);

    const read = await call('/api/gallery?limit=100', { token: fan.token, headers: { [D1_BOOKMARK_HEADER]: bookmark ?? '' } });
    expect(read.headers.get(D1_BOOKMARK_HEADER)).toMatch(/^[0-9a-zA-Z-]+$/);
    const page = await json<GalleryPage>(read);
    expect(page.items.find((item) => item.id === id)).toMatchObject({ liked: true, likeCount: 1 });
  });

  it('ignores a malformed bookmark rather than failing the read', async () => {
    const response = await call('/api/gallery', { headers: { [D1_BOOKMARK_HEADER]: 'nonsense!' } });
    expect(response.status).toBe(200);
  });
});
