import { introspectWorkflow } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateFailureResponse, GenerateSuccessResponse } from '#shared/api-types';
import type { JobListResponse, JobSnapshot } from '#shared/job-types';
import { jobMessages, studioMessages } from '#shared/messages';
import { FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { balance, ledgerRows, userWith } from '../studio/helpers';
import { accepted, ended, getJob, imageCalls, jobEvents, settleJobs, submit, useGemini, useHeldGemini, waitForEvent } from './job-helpers';

const PROMPT = 'A brick library around a courtyard with a reflecting pool';

let fake: FakeGemini;
let restore: () => void = () => {};
beforeEach(() => {
  fake = new FakeGemini().install();
});
afterEach(() => {
  restore();
  fake.uninstall();
});
closeSocketsAfterEach();

describe('a generation job on the Workflow', () => {
  it('answers 202 at once and tells every change; views arrive in the order they finish', async () => {
    // View 0 (seed 500) renders slowly, view 1 (seed 501) at once.
    restore = useGemini(fake, (fakeCall) => ({ kind: 'image', delayMs: fakeCall.body.generationConfig?.seed === 500 ? 1500 : 0 }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const response = await submit(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 2, seed: 500 });
    expect(response.headers.get('Preference-Applied')).toBe('respond-async');
    const body = await accepted(response);
    expect(response.headers.get('Location')).toBe(`/api/jobs/${body.jobId}`);
    expect(body).toMatchObject({ success: true, accepted: true, generationId: body.jobId, creditsCharged: 2, creditsLeft: 10 });
    expect(body.job).toMatchObject({ prompt: PROMPT, model: 'standard', numberOfViews: 2, creditsCharged: 2, creditsRefunded: 0 });

    const done = await waitForEvent(tab, body.jobId, ended);
    expect(done.status).toBe('done');
    const events = jobEvents(tab, body.jobId);
    const statuses = events.map((job) => job.views.map((view) => view.status).join(','));
    const firstLanded = events.findIndex((job) => job.views.some((view) => view.status === 'done'));
    expect(events[firstLanded]?.views.map((view) => view.status)).toEqual(['generating', 'done']);
    expect(statuses).toContain('done,done');
    expect(events.map((job) => job.status)).toEqual(expect.arrayContaining(['running', 'done']));
    expect(events.findIndex((job) => job.status === 'running')).toBeLessThan(firstLanded);
    // The landed view carries usable image URLs.
    const landed = events[firstLanded]?.views[1]?.image;
    expect(landed?.url).toMatch(/^\/media\/generations\//);
    expect((await call(landed?.url ?? '')).status).toBe(200);
    // The final snapshot holds the documented answer, the same GET /api/jobs/:id gives.
    expect(done.result).toMatchObject({ success: true, generationId: body.jobId, creditsLeft: 10 });
    const polled = await json<JobSnapshot>(await getJob(user.token, body.jobId));
    expect(polled).toMatchObject({ status: 'done', views: [{ status: 'done' }, { status: 'done' }] });
  });

  it('tells a socket opened mid-job about the running job, then follows it', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const first = await connect(user.token);
    const { jobId } = await accepted(await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    await waitForEvent(first, jobId, (job) => job.status === 'running');
    const second = await connect(user.token);
    expect(second.initialJobs).toHaveLength(1);
    expect(second.initialJobs[0]).toMatchObject({ id: jobId, status: 'running', views: [{ status: 'generating' }] });
    held.letGo();
    expect((await waitForEvent(second, jobId, ended)).status).toBe('done');
    const later = await connect(user.token);
    expect(later.initialJobs).toEqual([]);
  });

  it('waits for the job without `Prefer` and answers as before', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const response = await call('/api/generate', { method: 'POST', token: user.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 2 } });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    expect(body).toMatchObject({ success: true, creditsCharged: 1, creditsLeft: 11, refunded: false, metadata: { engine: 'gemini', actualViews: 2 } });
    const listed = await json<JobListResponse>(await call('/api/jobs', { token: user.token }));
    expect(listed.jobs.map((job) => job.id)).toContain(body.generationId);
    // A deleted generation's job leaves the list, so no client brings the batch back.
    expect((await call(`/api/generations/${body.generationId}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    const after = await json<JobListResponse>(await call('/api/jobs', { token: user.token }));
    expect(after.jobs.map((job) => job.id)).not.toContain(body.generationId);
  });

  it('shows a job only to its owner', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const owner = await userWith({ plan: 'pro', credits: 12 });
    const other = await userWith();
    const { jobId } = await accepted(await submit(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    expect((await getJob(other.token, jobId)).status).toBe(404);
    expect((await call(`/api/jobs/${jobId}/cancel`, { method: 'POST', token: other.token })).status).toBe(404);
    expect((await getJob(owner.token, jobId)).status).toBe(200);
    await settleJobs(owner.token);
    expect((await call('/api/jobs', {})).status).toBe(401);
  });
});

describe('cancelling a job', () => {
  it('cancels a job before any view started, refunds it in full, and the Workflow stops', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    await using workflows = await introspectWorkflow(env.GENERATION_WORKFLOW);
    // The job's first step fails once, so the job waits a second in `queued`.
    await workflows.modifyAll(async (m) => m.mockStepError({ name: 'begin' }, new Error('held for the test'), 1));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const { jobId } = await accepted(await submit(user.token, { prompt: PROMPT, model: 'ultra', numberOfViews: 2 }));
    expect(await balance(user.user.id)).toBe(9);
    const response = await call(`/api/jobs/${jobId}/cancel`, { method: 'POST', token: user.token });
    expect(response.status).toBe(200);
    expect(await json<JobSnapshot>(response)).toMatchObject({ status: 'cancelled', creditsCharged: 3, creditsRefunded: 3 });
    expect(await balance(user.user.id)).toBe(12);
    expect((await waitForEvent(tab, jobId, ended)).status).toBe('cancelled');
    const [instance] = await workflows.get();
    await instance?.waitForStatus('complete');
    expect(imageCalls(fake)).toHaveLength(0);
    expect((await ledgerRows(user.user.id)).filter((row) => row.generation_id === jobId).map((row) => row.delta)).toEqual([-3, 3]);
    // Cancelling again answers the cancelled job; nothing moves.
    expect((await call(`/api/jobs/${jobId}/cancel`, { method: 'POST', token: user.token })).status).toBe(200);
    expect(await balance(user.user.id)).toBe(12);
  });

  it('refuses to cancel a job whose views started, with a 409 in the error shape', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const { jobId } = await accepted(await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    await waitForEvent(tab, jobId, (job) => job.status === 'running');
    const response = await call(`/api/jobs/${jobId}/cancel`, { method: 'POST', token: user.token });
    expect(response.status).toBe(409);
    expect(await json<{ error: { code: string; message: string } }>(response)).toEqual({
      error: { code: 'job_started', message: jobMessages.cannotCancel },
    });
    held.letGo();
    expect((await waitForEvent(tab, jobId, ended)).status).toBe('done');
    expect(await balance(user.user.id)).toBe(11);
  });
});

describe('a job whose views all fail', () => {
  it('refunds once, with the reason, even when its final step is tried again', async () => {
    restore = useGemini(fake, () => ({ kind: 'blocked', reason: 'SAFETY' }));
    await using workflows = await introspectWorkflow(env.GENERATION_WORKFLOW);
    await workflows.modifyAll(async (m) => m.mockStepError({ name: 'finish' }, new Error('lost before it ran'), 1));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const { jobId } = await accepted(await submit(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 2 }));
    const failed = await waitForEvent(tab, jobId, ended);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'blocked', creditsRefunded: 2 });
    expect(failed.views.map((view) => view.failureReason)).toEqual(['blocked', 'blocked']);
    const result = failed.result as GenerateFailureResponse;
    expect(result).toMatchObject({ refunded: true, creditsRefunded: 2, creditsLeft: 12, reasonMessage: studioMessages.failureReasons.blocked });
    const [instance] = await workflows.get();
    await instance?.waitForStatus('complete');
    // A refusal is never retried: one call per view.
    expect(imageCalls(fake)).toHaveLength(2);
    expect(await balance(user.user.id)).toBe(12);
    expect((await ledgerRows(user.user.id)).filter((row) => row.reason === 'refund')).toHaveLength(1);
  });
});
