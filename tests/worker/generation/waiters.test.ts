import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { GenerateAcceptedResponse, JobListResponse } from '#shared/job-types';
import { jobMessages } from '#shared/messages';
import { MAX_WAITERS_PER_JOB, MAX_WAITERS_PER_USER } from '../../../worker/platform/limits';
import { FakeGemini } from '../../fakes/gemini';
import { call, json, ORIGIN } from '../helpers';
import { balance, ledgerRows, userWith } from '../studio/helpers';
import { accepted, settleJobs, submit, useGemini, useHeldGemini } from './job-helpers';

const PROMPT = 'A cross-laminated timber school around a planted courtyard';
const BODY = { prompt: PROMPT, model: 'fast', numberOfViews: 1 };

let fake: FakeGemini;
let restore: () => void = () => {};
beforeEach(() => {
  fake = new FakeGemini().install();
});
afterEach(() => {
  restore();
  fake.uninstall();
});

/** The response, its arrival time noted in `answeredAt` when it comes. */
function timed(response: Promise<Response>, answeredAt: number[]): Promise<Response> {
  return response.then((answer) => (answeredAt.push(Date.now()), answer));
}

/** Requests waiting in the user's LiveUpdates object, on one job or on all. */
function waiters(userId: string, jobId?: string): Promise<number> {
  return env.LIVE_UPDATES.getByName(userId).waiterCount(jobId);
}

function post(token: string, headers: Record<string, string>, body: Record<string, unknown> = BODY): Promise<Response> {
  return call('/api/generate', { method: 'POST', token, body, headers });
}

/** The job the user's only unfinished job is, once it exists. */
async function runningJobId(token: string): Promise<string> {
  let id = '';
  await vi.waitFor(
    async () => {
      const { jobs } = await json<JobListResponse>(await call('/api/jobs', { token }));
      id = jobs[0]?.id ?? '';
      expect(id).not.toBe('');
    },
    { timeout: 10_000, interval: 50 },
  );
  return id;
}

async function charges(userId: string): Promise<number> {
  return (await ledgerRows(userId)).filter((row) => row.reason === 'generation').length;
}

describe('requests waiting on one job', () => {
  it('serves 200 requests with one Idempotency-Key with one job and one charge, at most the cap of them waiting, and /api/health answers meanwhile', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const headers = { 'Idempotency-Key': 'flood-1', Prefer: 'wait=60' };
    const answeredAt: number[] = [];
    const opener = timed(post(user.token, headers), answeredAt);
    const jobId = await runningJobId(user.token);
    const repeats = Array.from({ length: 199 }, () => timed(post(user.token, headers), answeredAt));

    await vi.waitFor(async () => expect(await waiters(user.user.id, jobId)).toBe(MAX_WAITERS_PER_JOB), { timeout: 8000, interval: 50 });
    const started = Date.now();
    const health = await call('/api/health');
    const healthMs = Date.now() - started;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(2000);
    // Everyone past the cap is answered while the job still runs; then it may end.
    await vi.waitFor(() => expect(answeredAt).toHaveLength(200 - MAX_WAITERS_PER_JOB), { timeout: 8000, interval: 50 });
    held.letGo();

    const responses = await Promise.all([opener, ...repeats]);
    const finishedAt = (await env.DB.prepare('select finished_at from generation_jobs where id = ?').bind(jobId).first<{ finished_at: number }>())?.finished_at ?? 0;
    const statuses = responses.map((response) => response.status);
    // Everyone past the cap was answered with the job at once, before it ended.
    expect(statuses.filter((status) => status === 202)).toHaveLength(200 - MAX_WAITERS_PER_JOB);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_WAITERS_PER_JOB);
    expect(answeredAt.filter((at) => at < finishedAt).length).toBeGreaterThanOrEqual(200 - MAX_WAITERS_PER_JOB);
    const ids = await Promise.all(responses.map(async (response) => (await json<{ generationId: string }>(response)).generationId));
    expect(new Set(ids)).toEqual(new Set([jobId]));
    expect(await charges(user.user.id)).toBe(1);
    expect(await balance(user.user.id)).toBe(11);
    expect(await waiters(user.user.id)).toBe(0);
  });

  it(`holds at most ${MAX_WAITERS_PER_USER} waiting requests across one user's jobs`, async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const jobs = await Promise.all([1, 2, 3].map(async (n) => (await accepted(await submit(user.token, BODY, { 'Idempotency-Key': `job-${n}` }))).jobId));
    const answeredAt: number[] = [];
    const requests = jobs.flatMap((_, n) =>
      Array.from({ length: MAX_WAITERS_PER_JOB }, () => timed(post(user.token, { 'Idempotency-Key': `job-${n + 1}`, Prefer: 'wait=60' }), answeredAt)),
    );
    await vi.waitFor(async () => expect(await waiters(user.user.id)).toBe(MAX_WAITERS_PER_USER), { timeout: 8000, interval: 50 });
    await vi.waitFor(() => expect(answeredAt).toHaveLength(requests.length - MAX_WAITERS_PER_USER), { timeout: 8000, interval: 50 });
    held.letGo();
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_WAITERS_PER_USER);
    expect(statuses.filter((status) => status === 202)).toHaveLength(jobs.length * MAX_WAITERS_PER_JOB - MAX_WAITERS_PER_USER);
    await settleJobs(user.token);
  });

  it('stops waiting when the client hangs up', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const hangUp = new AbortController();
    const request = new Request(`${ORIGIN}/api/generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'hang-up' },
      body: JSON.stringify(BODY),
      signal: hangUp.signal,
    });
    const answer = exports.default.fetch(request).catch((error: unknown) => error);
    const jobId = await runningJobId(user.token);
    await vi.waitFor(async () => expect(await waiters(user.user.id, jobId)).toBe(1), { timeout: 8000, interval: 50 });
    hangUp.abort();
    await vi.waitFor(async () => expect(await waiters(user.user.id, jobId)).toBe(0), { timeout: 3000, interval: 50 });
    await answer;
    // The job goes on without it.
    held.letGo();
    await settleJobs(user.token);
    expect((await json<{ status: string }>(await call(`/api/jobs/${jobId}`, { token: user.token }))).status).toBe('done');
  });

  it('answers a repeated key with the job at once unless asked to wait, and waits no longer than asked', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const key = { 'Idempotency-Key': 'repeat-1' };
    const first = await accepted(await submit(user.token, BODY, key));
    const repeated = await post(user.token, key);
    expect(repeated.status).toBe(202);
    expect(repeated.headers.get('Location')).toBe(`/api/jobs/${first.jobId}`);
    const { job } = await json<GenerateAcceptedResponse>(repeated);
    expect(job.id).toBe(first.jobId);
    expect(['queued', 'running']).toContain(job.status);

    const started = Date.now();
    const bounded = await post(user.token, { ...key, Prefer: 'wait=1' });
    expect(bounded.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(3500);

    held.letGo();
    const waited = await post(user.token, { ...key, Prefer: 'wait=30' });
    expect(waited.status).toBe(200);
    expect((await json<GenerateSuccessResponse>(waited)).generationId).toBe(first.jobId);
    expect(await charges(user.user.id)).toBe(1);
  });
});

describe('a reused Idempotency-Key', () => {
  it('is a 422 with another body, and opens nothing', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const key = { 'Idempotency-Key': 'reused-1' };
    const first = await accepted(await submit(user.token, BODY, key));
    for (const other of [{ ...BODY, prompt: 'A brick chapel on a hill' }, { ...BODY, numberOfViews: 2 }, { ...BODY, model: 'ultra' }]) {
      const refused = await submit(user.token, other, key);
      expect(refused.status).toBe(422);
      expect(await json<{ error: { code: string; message: string; field?: string } }>(refused)).toEqual({
        error: { code: 'idempotency_key_reused', message: jobMessages.idempotencyKeyReused, field: 'Idempotency-Key' },
      });
    }
    // The same body, its keys in another order and with its defaults spelt out, names the first job.
    const same = await submit(user.token, { numberOfViews: 1, model: 'fast', prompt: PROMPT, isRefinement: false }, key);
    expect((await accepted(same)).jobId).toBe(first.jobId);
    await settleJobs(user.token);
    expect(await charges(user.user.id)).toBe(1);
    expect(await balance(user.user.id)).toBe(11);
  });

  it('is a 422 when two different requests race with one key: one job, one charge', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const key = { 'Idempotency-Key': 'race-1' };
    const [a, b] = await Promise.all([submit(user.token, BODY, key), submit(user.token, { ...BODY, prompt: 'A glass pavilion by a lake' }, key)]);
    expect([a.status, b.status].sort()).toEqual([202, 422]);
    await settleJobs(user.token);
    expect(await charges(user.user.id)).toBe(1);
  });
});
