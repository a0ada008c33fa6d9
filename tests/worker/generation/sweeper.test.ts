import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { finishGenerationJob, startGenerationJob } from '../../../worker/generation/charges';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { GeminiImageEngine } from '../../../worker/studio/engines/gemini';
import { offlineTextEngine } from '../../../worker/studio/engines/offline-text';
import worker from '../../../worker/index';
import { sweepOrphanCharges } from '../../../worker/generation/sweeper';
import { runGeneration } from '../../../worker/generation/inline';
import { generateBodySchema } from '../../../worker/generation/request';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { balance, fetchImage, generate, ledgerSum, publicUser, userWith } from '../studio/helpers';
import { ageJob, refundsOf } from './job-helpers';

const db = () => createDatabase(env.DB);
/** A job charged and started, one image stored, and then its Worker stopped. */
async function interrupted(userId: string, cost = 2): Promise<string> {
  const generationId = crypto.randomUUID();
  expect(await startGenerationJob(db(), { userId, generationId, cost })).not.toBeNull();
  await env.MEDIA.put(`generations/${userId}/${generationId}/0.jpg`, new Uint8Array([0xff, 0xd8, 0xff]));
  return generationId;
}

function sweep(notified: Array<{ userId: string; credits: number }> = []) {
  return sweepOrphanCharges({
    db: db(),
    media: env.MEDIA,
    workflow: env.GENERATION_WORKFLOW,
    notifyBalance: async (space, profile) => {
      notified.push({ userId: space.userId, credits: profile.credits });
    },
  });
}

let fake: FakeGemini | null = null;
afterEach(() => {
  fake?.uninstall();
  fake = null;
});

describe('the interrupted-job sweeper', () => {
  it('never refunds a generation that was delivered, downloaded and then deleted', async () => {
    const owner = await userWith();
    const response = await generate(owner.token, { prompt: 'A brick library by a canal', model: 'standard', numberOfViews: 2 });
    expect(response.status).toBe(200);
    const delivered = await json<GenerateSuccessResponse>(response);
    await fetchImage(delivered.images[0]?.url ?? '', owner.token);
    expect((await call(`/api/generations/${delivered.generationId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await balance(owner.user.id)).toBe(10);

    await ageJob(delivered.generationId);
    await sweep();
    await sweep();
    expect(await balance(owner.user.id)).toBe(10);
    expect(await ledgerSum(owner.user.id)).toBe(10);
    expect(await refundsOf(delivered.generationId)).toBe(0);
    const tombstone = await env.DB.prepare('select status, deleted_at from generation_jobs where id = ?')
      .bind(delivered.generationId)
      .first<{ status: string; deleted_at: number | null }>();
    expect(tombstone?.status).toBe('done');
    expect(tombstone?.deleted_at).toBeGreaterThan(0);
  });

  it('keeps the charge of a partially delivered generation, before and after its deletion', async () => {
    fake = new FakeGemini().install();
    fake.reply((_call, index) => (index === 0 ? { kind: 'image' } : { kind: 'error', code: 400, status: 'INVALID_ARGUMENT' }));
    const owner = await userWith();
    const engine = new GeminiImageEngine(
      { apiKey: 'k', baseUrl: FAKE_GEMINI_BASE_URL, imageModels: { fast: 'f', standard: 's', ultra: 'u', concept: 'c' }, textModel: 't' },
      async () => {},
    );
    const outcome = await runGeneration(
      { db: db(), media: env.MEDIA, images: env.IMAGES, imageEngine: engine, textEngine: offlineTextEngine, signingSecret: env.MEDIA_SIGNING_SECRET },
      await publicUser(owner.user.id),
      generateBodySchema.parse({ prompt: 'A timber pavilion in a park', model: 'standard', numberOfViews: 3 }),
    );
    expect(outcome.status).toBe(200);
    const partial = outcome.body as GenerateSuccessResponse;
    expect(partial.images).toHaveLength(1);

    await ageJob(partial.generationId);
    await sweep();
    expect(await balance(owner.user.id)).toBe(10);
    await call(`/api/generations/${partial.generationId}`, { method: 'DELETE', token: owner.token });
    await sweep();
    expect(await balance(owner.user.id)).toBe(10);
    expect(await refundsOf(partial.generationId)).toBe(0);
  });

  it('refunds a job whose Worker stopped mid-way exactly once, removing its stray images', async () => {
    const { user } = await userWith();
    const generationId = await interrupted(user.id);
    // A rendition the stopped Worker had already stored goes too (docs/decisions/0040).
    await env.MEDIA.put(`generations/${user.id}/${generationId}/0-200w-0123456789abcdef.webp`, new Uint8Array([0x52, 0x49]));
    await ageJob(generationId);
    expect(await balance(user.id)).toBe(10);

    const notified: Array<{ userId: string; credits: number }> = [];
    const [first, second] = await Promise.all([sweep(notified), sweep(notified)]);
    expect(first.refunded + second.refunded).toBeGreaterThanOrEqual(1);
    await sweep(notified);
    expect(await balance(user.id)).toBe(12);
    expect(await ledgerSum(user.id)).toBe(12);
    expect(await refundsOf(generationId)).toBe(1);
    expect(notified.filter((entry) => entry.userId === user.id)).toEqual([{ userId: user.id, credits: 12 }]);
    expect((await env.MEDIA.list({ prefix: `generations/${user.id}/${generationId}/` })).objects).toHaveLength(0);
    const job = await env.DB.prepare('select status, failure_reason from generation_jobs where id = ?').bind(generationId).first();
    expect(job).toEqual({ status: 'failed', failure_reason: 'interrupted' });
  });

  it('leaves a running job alone, and a Worker that finishes after the sweep cannot deliver what was refunded', async () => {
    const { user } = await userWith();
    const running = await interrupted(user.id);
    await sweep();
    expect(await balance(user.id)).toBe(10);
    expect((await env.MEDIA.list({ prefix: `generations/${user.id}/${running}/` })).objects).toHaveLength(1);

    await ageJob(running);
    await sweep();
    const saved = await finishGenerationJob(db(), { id: running, userId: user.id, prompt: 'late', engine: 'preview', imageCount: 1, shuffleKey: 3 });
    expect(saved).toBe(false);
    expect(await env.DB.prepare('select id from generations where id = ?').bind(running).first()).toBeNull();
    expect(await balance(user.id)).toBe(12);
  });

  it('closes an interrupted enterprise job without a refund', async () => {
    const { user } = await userWith({ plan: 'enterprise' });
    const generationId = crypto.randomUUID();
    await startGenerationJob(db(), { userId: user.id, generationId, cost: 0 });
    await ageJob(generationId);
    const result = await sweep();
    expect(result.closed).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(generationId)).toBe(0);
    expect(await balance(user.id)).toBe(12);
  });

  it("runs from the Worker's cron trigger", async () => {
    const { user } = await userWith();
    const generationId = await interrupted(user.id, 4);
    await ageJob(generationId);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await balance(user.id)).toBe(12);
  });
});
