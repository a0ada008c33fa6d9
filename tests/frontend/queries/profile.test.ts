/**
 * The profile query's updates (docs/decisions/0097-server-data-owners.md): one updater for every
 * answer that carries a balance, the live channel's message, a re-read, and nothing left after a
 * sign-out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followSession } from '../../../frontend/app/session';
import { useAuth } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { applyAcceptedJob } from '../../../frontend/queries/job-routes';
import { applyBalance, reloadProfile } from '../../../frontend/queries/profile';
import { job } from '../studio/job-fixtures';
import { profileIn, signInAs, testUser } from '../signed-in';

let client = createQueryClient();

beforeEach(() => {
  client = createQueryClient();
  signInAs(client, testUser({ credits: 12, plan: 'free' }));
});

afterEach(() => {
  useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
  vi.restoreAllMocks();
});

describe('the profile query', () => {
  it('takes the balance and plan of a live message', () => {
    applyBalance(client, 'u', { credits: 40, plan: 'pro' });
    expect(profileIn(client)).toMatchObject({ credits: 40, plan: 'pro', email: 'a@example.com' });
  });

  it("takes a job route's creditsLeft with the job, and an enterprise answer (null) leaves the balance alone", () => {
    const accepted = { success: true as const, accepted: true as const, jobId: 'e1', generationId: 'e1', job: job('e1', ['waiting']), creditsCharged: 2 };
    applyAcceptedJob(client, { ...accepted, creditsLeft: 10 });
    expect(profileIn(client)?.credits).toBe(10);
    applyBalance(client, 'u', { credits: null });
    expect(profileIn(client)?.credits).toBe(10);
  });

  it('is not made up for a user whose profile the cache does not hold', () => {
    applyBalance(client, 'someone-else', { credits: 3 });
    expect(profileIn(client, 'someone-else')).toBeUndefined();
  });

  it('is read again from GET /api/me, and a failed read keeps what it held', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(Response.json(testUser({ credits: 7 })));
    await reloadProfile(client, 'u');
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/me');
    expect(profileIn(client)?.credits).toBe(7);
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await reloadProfile(client, 'u');
    expect(profileIn(client)?.credits).toBe(7);
  });

  it('is gone after a sign-out, with the rest of the cache', () => {
    const stop = followSession(client);
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    expect(profileIn(client)).toBeUndefined();
    stop();
  });
});
