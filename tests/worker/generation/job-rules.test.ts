import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { JobListResponse, JobSnapshot } from '#shared/job-types';
import { ACTIVE_JOBS_RETRY_AFTER_SECONDS, MAX_ACTIVE_JOBS_PER_USER } from '../../../worker/platform/limits';
import { jobMessages } from '#shared/messages';
import { createDatabase } from '../../../worker/db/client';
import { executeJob, type JobSteps } from '../../../worker/generation/run';
import { submitGeneration } from '../../../worker/generation/submit';
import { generateBodySchema } from '../../../worker/generation/request';
import { personalSpace } from '../../../worker/platform/space';
import { offlineTextEngine } from '../../../worker/studio/engines/offline-text';
import { GeminiImageEngine } from '../../../worker/studio/engines/gemini';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { call, json, ORIGIN } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { balance, decodeImage, ledgerRows, publicUser, userWith } from '../studio/helpers';
import { accepted, ended, getJob, imageCalls, settleJobs, submit, useGemini, useHeldGemini, waitForEvent } from './job-helpers';

const PROMPT = 'A rammed-earth winery set into a vineyard slope';

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

async function charges(userId: string): Promise<number> {
  return (await ledgerRows(userId)).filter((row) => row.reason === 'generation').length;
}

describe('Idempotency-Key', () => {
  it('returns the same job for the same key and charges once, one request after the other', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const headers = { 'Idempotency-Key': 'studio-7f3a' };
    const first = await accepted(await submit(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1 }, headers));
    const second = await accepted(await submit(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1 }, headers));
    expect(second.jobId).toBe(first.jobId);
    // Waiting for the same key answers the same generation.
    const waited = await call('/api/generate', { method: 'POST', token: user.token, headers, body: { prompt: PROMPT, model: 'standard', numberOfViews: 1 } });
    expect((await json<GenerateSuccessResponse>(waited)).generationId).toBe(first.jobId);
    expect(await balance(user.user.id)).toBe(10);
    expect(await charges(user.user.id)).toBe(1);
    // Another user's same key is their own job.
    const other = await userWith({ plan: 'pro', credits: 12 });
    expect((await accepted(await submit(other.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }, headers))).jobId).not.toBe(first.jobId);
    await settleJobs(other.token);
  });

  it('makes one job and one charge when two requests race with one key', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const headers = { 'Idempotency-Key': 'double-click' };
    const [a, b] = await Promise.all([
      submit(user.token, { prompt: PROMPT, model: 'ultra', numberOfViews: 1 }, headers),
      submit(user.token, { prompt: PROMPT, model: 'ultra', numberOfViews: 1 }, headers),
    ]);
    const [first, second] = await Promise.all([accepted(a), accepted(b)]);
    expect(second.jobId).toBe(first.jobId);
    await settleJobs(user.token);
    expect((await json<JobSnapshot>(await getJob(user.token, first.jobId))).status).toBe('done');
    expect(await balance(user.user.id)).toBe(9);
    expect(await charges(user.user.id)).toBe(1);
    expect(imageCalls(fake)).toHaveLength(1);
  });

  it('refuses a key that is empty, too long or not visible ASCII', async () => {
    const user = await userWith({ plan: 'pro', credits: 12 });
    for (const key of ['x'.repeat(201), 'two words', 'tab\tkey', '']) {
      const response = await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }, { 'Idempotency-Key': key });
      expect(response.status).toBe(400);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(jobMessages.invalidIdempotencyKey);
    }
    expect(await balance(user.user.id)).toBe(12);
  });
});

describe('fair share', () => {
  it(`holds at most ${MAX_ACTIVE_JOBS_PER_USER} unfinished jobs per user, then answers 429 with Retry-After and charges nothing`, async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const jobs = [];
    for (let i = 0; i < MAX_ACTIVE_JOBS_PER_USER; i += 1) jobs.push(await accepted(await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 })));
    const refused = await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(ACTIVE_JOBS_RETRY_AFTER_SECONDS));
    expect(await json<{ error: { code: string; message: string } }>(refused)).toEqual({
      error: { code: 'too_many_jobs', message: jobMessages.tooManyJobs(MAX_ACTIVE_JOBS_PER_USER) },
    });
    expect(await balance(user.user.id)).toBe(12 - MAX_ACTIVE_JOBS_PER_USER);
    held.letGo();
    for (const job of jobs) await waitForEvent(tab, job.jobId, ended);
    // A slot is free again once a job ended.
    expect((await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 })).status).toBe(202);
    await settleJobs(user.token);
  });

  it('holds enterprise to the same limit', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const user = await userWith({ plan: 'enterprise' });
    const responses = await Promise.all(
      Array.from({ length: MAX_ACTIVE_JOBS_PER_USER + 2 }, () => submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array<number>(MAX_ACTIVE_JOBS_PER_USER).fill(202), 429, 429]);
    held.letGo();
    await settleJobs(user.token);
  });
});

describe('Gemini behaviours inside a job', () => {
  it('retries a dropped connection (workerd\'s "Network connection lost.") after 1 s', async () => {
    restore = useGemini(fake, (_call, index) => (index === 0 ? { kind: 'connectionLost' } : { kind: 'image' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const { jobId } = await accepted(await submit(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    const done = await waitForEvent(tab, jobId, ended);
    expect(done.status).toBe('done');
    const [failed, retried] = imageCalls(fake);
    expect(imageCalls(fake)).toHaveLength(2);
    expect((retried?.at ?? 0) - (failed?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(await balance(user.user.id)).toBe(11);
  });

  it('never takes an interim image marked as a thought; keeps the final image\'s thought signature for a refinement', async () => {
    restore = useGemini(fake, () => ({ kind: 'image', thoughtFirst: { color: [220, 20, 20] }, color: [20, 40, 220], thoughtSignature: 'sig-of-turn-1' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const response = await call('/api/generate', { method: 'POST', token: user.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } });
    const body = await json<GenerateSuccessResponse>(response);
    const [image] = body.images;
    expect(image?.thoughtSignature).toBe('sig-of-turn-1');
    const bytes = new Uint8Array(await (await call(image?.url ?? '', { token: user.token })).arrayBuffer());
    const { pixels, width } = decodeImage(bytes);
    const centre = (Math.floor(width / 2) + width * 10) * 4;
    expect(pixels[centre + 2]).toBeGreaterThan(150); // blue: the final image
    expect(pixels[centre]).toBeLessThan(100); // not the red thought

    // A refinement names the stored result and sends the model turn back with its signature.
    const refine = await call('/api/generate', {
      method: 'POST',
      token: user.token,
      body: {
        prompt: 'Make the roof greener',
        model: 'concept',
        isRefinement: true,
        numberOfViews: 1,
        referenceImages: [image?.storagePath],
        conversationHistory: [
          { role: 'user', parts: [{ text: PROMPT }] },
          { role: 'model', parts: [{ text: 'Here it is.', thoughtSignature: 'sig-of-turn-1' }] },
        ],
      },
    });
    expect(refine.status).toBe(200);
    const sent = imageCalls(fake).at(-1)?.body.contents;
    expect(sent?.[1]?.parts[0]).toEqual({ text: 'Here it is.', thoughtSignature: 'sig-of-turn-1' });
    expect(sent?.[2]?.parts).toHaveLength(2); // the prompt and the stored result as an inline image
  });

  it('refuses another user\'s stored result as a reference and charges nothing', async () => {
    restore = useGemini(fake, () => ({ kind: 'image' }));
    const owner = await userWith({ plan: 'pro', credits: 12 });
    const made = await json<GenerateSuccessResponse>(
      await call('/api/generate', { method: 'POST', token: owner.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } }),
    );
    const other = await userWith({ plan: 'pro', credits: 12 });
    const refused = await submit(other.token, {
      prompt: 'Make it taller', model: 'concept', isRefinement: true, numberOfViews: 1, referenceImages: [made.images[0]?.storagePath],
    });
    expect(refused.status).toBe(403);
    expect(await balance(other.user.id)).toBe(12);
  });
});

describe('the final step, run twice', () => {
  it('refunds a job whose views all failed exactly once when its finish runs again after it had finished', async () => {
    fake.reply(() => ({ kind: 'error', code: 400, status: 'INVALID_ARGUMENT' }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const engine = new GeminiImageEngine(
      { apiKey: 'k', baseUrl: FAKE_GEMINI_BASE_URL, imageModels: { fast: 'f', standard: 's', ultra: 'u', concept: 'c' }, textModel: 't' },
      async () => {},
    );
    const deps = { db: createDatabase(env.DB), media: env.MEDIA, images: env.IMAGES, imageEngine: engine, textEngine: offlineTextEngine, signingSecret: env.MEDIA_SIGNING_SECRET };
    const submitted = await submitGeneration(deps, personalSpace(await publicUser(user.user.id)), generateBodySchema.parse({ prompt: PROMPT, model: 'ultra', numberOfViews: 2 }));
    if (submitted.kind !== 'job') throw new Error('expected a job');
    // As if the step's result was lost after its work was done: the Workflow runs it again.
    const twice: JobSteps = {
      begin: (work) => work(),
      view: (_index, work) => work(true),
      finish: async (work) => {
        await work();
        await work();
      },
    };
    await executeJob(twice, deps, { userId: user.user.id, generationId: submitted.generationId });
    expect(await balance(user.user.id)).toBe(12);
    const rows = (await ledgerRows(user.user.id)).filter((row) => row.generation_id === submitted.generationId);
    expect(rows.map((row) => row.delta)).toEqual([-3, 3]);
  });
});

describe('a client that hangs up', () => {
  it('loses nothing: the job goes on and is delivered', async () => {
    restore = useGemini(fake, () => ({ kind: 'image', delayMs: 800 }));
    const user = await userWith({ plan: 'pro', credits: 12 });
    const tab = await connect(user.token);
    const controller = new AbortController();
    const request = new Request(`${ORIGIN}/api/generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: PROMPT, model: 'fast', numberOfViews: 1 }),
      signal: controller.signal,
    });
    const pending = exports.default.fetch(request).catch(() => null);
    const running = await vi.waitFor(
      async () => {
        const { jobs } = await json<JobListResponse>(await call('/api/jobs', { token: user.token }));
        const job = jobs.find((item) => item.status === 'running');
        if (!job) throw new Error('not running yet');
        return job;
      },
      { timeout: 10_000, interval: 50 },
    );
    controller.abort();
    await pending;
    const done = await waitForEvent(tab, running.id, ended);
    expect(done.status).toBe('done');
    expect(await balance(user.user.id)).toBe(11);
  });
});
