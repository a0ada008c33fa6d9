/** Comment and approval posts are limited per reviewer name on a link and per client address. */
import { describe, expect, it } from 'vitest';
import { REVIEW_POSTS_PER_MINUTE } from '../../../worker/platform/limits';
import { REVIEW_POSTS_PER_NAME_PER_MINUTE } from '../../../worker/platform/caps';
import { json, signUp } from '../helpers';
import { createLink, freshAddress, insertProject, insertVersion, postApproval, postComment } from './review-helpers';

async function reviewSetup() {
  const owner = await signUp();
  const projectId = await insertProject(owner.user.id);
  const generationId = await insertVersion({ userId: owner.user.id, projectId });
  return { owner, projectId, generationId };
}

/** Fixed windows: a burst straddling a window's end may get two windows' worth. */
function expectLimited(statuses: number[], perMinute = REVIEW_POSTS_PER_MINUTE): void {
  const created = statuses.filter((status) => status === 201).length;
  expect(created).toBeGreaterThan(0);
  expect(created).toBeLessThanOrEqual(2 * perMinute);
  expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - created);
}

describe('review post limits', () => {
  it('limits one name flooded from many addresses, and the client under their own name still posts', async () => {
    const { owner, projectId, generationId } = await reviewSetup();
    const { token } = await createLink(owner.token, projectId);
    // " spam " and "SPAM" are the same name as "Spam".
    const spellings = ['Spam', ' spam ', 'SPAM', 'Sp\u200bam'];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        n % 2 === 0
          ? postComment(token, { generationId, body: `Note ${n}`, name: spellings[n % 4] }, freshAddress())
          : postApproval(token, { generationId, status: 'approved', name: spellings[n % 4] }, freshAddress()),
      ),
    );
    expectLimited(responses.map((response) => response.status), REVIEW_POSTS_PER_NAME_PER_MINUTE);
    const limited = responses.find((response) => response.status === 429);
    expect(limited?.headers.get('Retry-After')).toBe('60');
    expect(await json<{ error: { code: string; field: string } }>(limited as Response)).toMatchObject({ error: { code: 'rate_limited', field: 'name' } });

    // The real client, on the same link within the same minute.
    expect((await postComment(token, { generationId, body: 'The roof works for us.', name: 'Client Jane' })).status).toBe(201);
    expect((await postApproval(token, { generationId, status: 'approved', name: 'Client Jane' })).status).toBe(201);
  });

  it('limits one address posting through many links', async () => {
    const { owner, projectId, generationId } = await reviewSetup();
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => (await createLink(owner.token, projectId)).token));
    const address = freshAddress();
    const responses = await Promise.all(
      tokens.flatMap((token) => [0, 1, 2, 3].map((n) => postComment(token, { generationId, body: `Note ${n}`, name: 'Ann' }, address))),
    );
    expectLimited(responses.map((response) => response.status));
    // Another address is not held back by this one.
    expect((await postComment(tokens[0] ?? '', { generationId, body: 'Fine', name: 'Bo' }, freshAddress())).status).not.toBe(429);
  });

  it('meters made-up tokens too, before they are looked up', async () => {
    const address = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: 80 }, (_, n) =>
        postComment(`${'x'.repeat(40)}${n.toString().padStart(3, '0')}`, { generationId: 'g', body: 'b', name: 'n' }, address).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
  });
});
