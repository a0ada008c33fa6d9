import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { failGenerationJob, finishGenerationJob, startGenerationJob } from '../../../worker/generation/charges';
import type { GenerateFailureResponse, GenerateSuccessResponse } from '#shared/api-types';
import { studioMessages } from '#shared/messages';
import type { GeminiConfig } from '../../../worker/studio/engines/config';
import { GeminiImageEngine } from '../../../worker/studio/engines/gemini';
import { offlineTextEngine } from '../../../worker/studio/engines/offline-text';
import type { ImageEngine } from '../../../worker/studio/engines/types';
import { runGeneration } from '../../../worker/generation/inline';
import type { GenerationDeps } from '../../../worker/generation/submit';
import { generateBodySchema } from '../../../worker/generation/request';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { balance, fetchImage, generate, ledgerRows, ledgerSum, publicUser, userWith } from '../studio/helpers';

const config: GeminiConfig = {
  apiKey: 'fake-key',
  baseUrl: FAKE_GEMINI_BASE_URL,
  imageModels: { fast: 'f', standard: 's', ultra: 'u', concept: 'c' },
  textModel: 't',
};
const noWait = async () => {};

function deps(imageEngine: ImageEngine = new GeminiImageEngine(config, noWait)): GenerationDeps {
  return { db: createDatabase(env.DB), media: env.MEDIA, images: env.IMAGES, imageEngine, textEngine: offlineTextEngine, signingSecret: env.MEDIA_SIGNING_SECRET };
}

const body = (extra: Record<string, unknown>) =>
  generateBodySchema.parse({ prompt: 'A stone museum on a hill', model: 'standard', numberOfViews: 2, ...extra });

let fake: FakeGemini;
beforeEach(() => {
  fake = new FakeGemini().install();
});
afterEach(() => fake.uninstall());

describe('generation with the Gemini engine (fake API)', () => {
  it('refunds the whole charge when every view fails, with a ledger row, and says so', async () => {
    const { user } = await userWith();
    fake.replySequence([{ kind: 'error', code: 429, status: 'RESOURCE_EXHAUSTED' }]);
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({}));
    expect(outcome.status).toBe(502);
    const failure = outcome.body as GenerateFailureResponse;
    expect(failure).toMatchObject({
      success: false, refunded: true, creditsRefunded: 2, creditsCharged: 0, creditsLeft: 12,
      error: { code: 'upstream_failed', message: studioMessages.allGenerationsFailed },
      refundMessage: studioMessages.refunded(2),
    });
    expect(fake.calls).toHaveLength(6); // 2 views × 3 attempts
    expect(await balance(user.id)).toBe(12);
    expect(await ledgerSum(user.id)).toBe(12);
    const rows = (await ledgerRows(user.id)).filter((row) => row.generation_id === failure.generationId);
    expect(rows.map((row) => [row.reason, row.delta])).toEqual([['generation', -2], ['refund', 2]]);
    const saved = await env.DB.prepare('select count(*) as n from generations where id = ?').bind(failure.generationId).first<{ n: number }>();
    expect(saved?.n).toBe(0);
  });

  it('fails views whose provider hangs as timed out, refunds, and tells the user why', async () => {
    const { user } = await userWith();
    fake.replySequence([{ kind: 'hang' }]);
    const engine = new GeminiImageEngine({ ...config, timeouts: { image: { '1K': 30 } } }, noWait);
    const outcome = await runGeneration(deps(engine), await publicUser(user.id), body({}));
    expect(outcome.status).toBe(502);
    expect(outcome.body).toMatchObject({
      refunded: true,
      creditsRefunded: 2,
      creditsLeft: 12,
      failureReason: 'timeout',
      reasonMessage: studioMessages.failureReasons.timeout,
      error: { message: studioMessages.allGenerationsFailed },
    });
    expect(fake.calls).toHaveLength(6);
    expect(await balance(user.id)).toBe(12);
    const job = await env.DB.prepare('select status, failure_reason from generation_jobs where id = ?')
      .bind((outcome.body as GenerateFailureResponse).generationId)
      .first();
    expect(job).toEqual({ status: 'failed', failure_reason: 'timeout' });
  });

  it('names a safety block as the reason when one view was blocked and another timed out', async () => {
    const { user } = await userWith();
    fake.reply((_call, index) => (index === 0 ? { kind: 'blocked', reason: 'SAFETY' } : { kind: 'hang' }));
    const engine = new GeminiImageEngine({ ...config, timeouts: { image: { '1K': 30 } } }, noWait);
    const outcome = await runGeneration(deps(engine), await publicUser(user.id), body({}));
    expect(outcome.body).toMatchObject({ failureReason: 'blocked', reasonMessage: studioMessages.failureReasons.blocked });
  });

  it('keeps the charge on a partial result; a safety-blocked view is a failed view', async () => {
    const { user } = await userWith();
    fake.reply((_call, index) => (index === 0 ? { kind: 'image' } : { kind: 'blocked', reason: 'SAFETY' }));
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({ numberOfViews: 3 }));
    expect(outcome.status).toBe(200);
    const success = outcome.body as GenerateSuccessResponse;
    expect(success).toMatchObject({ success: true, creditsCharged: 2, creditsLeft: 10, refunded: false });
    expect(success.metadata).toMatchObject({ numberOfViews: 3, actualViews: 1, engine: 'gemini', preview: false });
    expect(await balance(user.id)).toBe(10);
    expect((await ledgerRows(user.id)).some((row) => row.reason === 'refund')).toBe(false);
  });

  it('counts a candidate that finished without an image as failed', async () => {
    const { user } = await userWith();
    fake.replySequence([{ kind: 'noImage', finishReason: 'STOP' }]);
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({ numberOfViews: 1 }));
    expect(outcome.status).toBe(502);
    expect(await balance(user.id)).toBe(12);
  });

  it('crops Concept output to the ratio asked for and stores the cropped size', async () => {
    const { user } = await userWith({ plan: 'enterprise' });
    fake.replySequence([{ kind: 'image', width: 1024, height: 1024 }]);
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({ model: 'concept', aspectRatio: '16:9', numberOfViews: 1 }));
    const success = outcome.body as GenerateSuccessResponse;
    expect([success.images[0]!.width, success.images[0]!.height]).toEqual([1024, 576]);
    const stored = await fetchImage(success.imageUrl);
    expect([stored.width, stored.height]).toEqual([1024, 576]);
  });

  it('refunds a free user whose image cannot be watermarked rather than hand it over clean', async () => {
    const { user } = await userWith();
    // 4.5 % of 16 px plus the 20 px margin does not fit: the watermark step throws.
    fake.replySequence([{ kind: 'image', width: 16, height: 16 }]);
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({ model: 'fast', numberOfViews: 1 }));
    expect(outcome.status).toBe(502);
    expect(outcome.body).toMatchObject({ refunded: true, creditsRefunded: 1 });
    expect(await balance(user.id)).toBe(12);
    // A paid user gets the same small image, unmarked.
    const pro = await userWith({ plan: 'pro' });
    const paid = await runGeneration(deps(), await publicUser(pro.user.id), body({ model: 'fast', numberOfViews: 1 }));
    expect(paid.status).toBe(200);
  });

  it('does not refund enterprise, which paid nothing', async () => {
    const { user } = await userWith({ plan: 'enterprise' });
    fake.replySequence([{ kind: 'blocked', reason: 'OTHER' }]);
    const outcome = await runGeneration(deps(), await publicUser(user.id), body({}));
    expect(outcome.body).toMatchObject({ refunded: false, creditsRefunded: 0, creditsLeft: null });
  });

  it('answers the refund over HTTP when the Worker is configured for Gemini', async () => {
    const user = await userWith();
    const vars = env as unknown as Record<string, string | undefined>;
    const saved = { key: vars.GEMINI_API_KEY, base: vars.GEMINI_BASE_URL };
    // The Worker reads the same env object: set the key and point the SDK at the fake.
    vars.GEMINI_API_KEY = 'fake-key';
    vars.GEMINI_BASE_URL = FAKE_GEMINI_BASE_URL;
    try {
      expect(await json<{ engine: string }>(await call('/api/health'))).toMatchObject({ engine: 'gemini' });
      const verdict = JSON.stringify({ isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' });
      fake.reply((fakeCall) =>
        fakeCall.model === env.GEMINI_TEXT_MODEL ? { kind: 'text', text: verdict } : { kind: 'error', code: 400, status: 'INVALID_ARGUMENT' },
      );
      const response = await generate(user.token, { prompt: 'A glass house in the woods', model: 'fast', numberOfViews: 1 });
      expect(response.status).toBe(502);
      expect(await json<GenerateFailureResponse>(response)).toMatchObject({ refunded: true, creditsLeft: 12, refundMessage: studioMessages.refunded(1) });
    } finally {
      vars.GEMINI_API_KEY = saved.key;
      vars.GEMINI_BASE_URL = saved.base;
    }
  });
});

describe('charge and refund statements', () => {
  it('charges a generation at most once and refunds it at most once, closing its job', async () => {
    const { user } = await userWith();
    const db = createDatabase(env.DB);
    const generationId = crypto.randomUUID();
    expect(await startGenerationJob(db, { userId: user.id, generationId, cost: 3 })).toBe(9);
    await expect(startGenerationJob(db, { userId: user.id, generationId, cost: 3 })).rejects.toThrow();
    expect(await balance(user.id)).toBe(9);
    expect(await failGenerationJob(db, { userId: user.id, generationId, reason: 'timeout' })).toEqual({ closed: true, refunded: 3, balance: 12, workspaceId: null, plan: 'free' });
    expect(await failGenerationJob(db, { userId: user.id, generationId, reason: 'timeout' })).toEqual({ closed: false, refunded: 0, balance: 12, workspaceId: null, plan: 'free' });
    expect(await failGenerationJob(db, { userId: user.id, generationId: crypto.randomUUID(), reason: 'timeout' })).toMatchObject({ closed: false, refunded: 0 });
    expect(await balance(user.id)).toBe(12);
    expect(await ledgerSum(user.id)).toBe(12);
    const job = await env.DB.prepare('select status, failure_reason from generation_jobs where id = ?').bind(generationId).first();
    expect(job).toEqual({ status: 'failed', failure_reason: 'timeout' });
  });

  it('refuses a charge above the balance without touching it or opening a job', async () => {
    const { user } = await userWith({ credits: 3 });
    const db = createDatabase(env.DB);
    const generationId = crypto.randomUUID();
    expect(await startGenerationJob(db, { userId: user.id, generationId, cost: 4 })).toBeNull();
    expect(await balance(user.id)).toBe(3);
    expect(await ledgerSum(user.id)).toBe(3);
    expect(await env.DB.prepare('select id from generation_jobs where id = ?').bind(generationId).first()).toBeNull();
  });

  it('saves a generation only while its job is pending, and never refunds a delivered one', async () => {
    const { user } = await userWith();
    const db = createDatabase(env.DB);
    const row = (id: string) => ({ id, userId: user.id, prompt: 'A stone house', engine: 'preview' as const, imageCount: 1, shuffleKey: 7, creditsCharged: 2 });
    const delivered = crypto.randomUUID();
    await startGenerationJob(db, { userId: user.id, generationId: delivered, cost: 2 });
    expect(await finishGenerationJob(db, row(delivered))).toBe(true);
    expect(await finishGenerationJob(db, row(delivered))).toBe(false);
    expect(await failGenerationJob(db, { userId: user.id, generationId: delivered, reason: 'interrupted' })).toMatchObject({ closed: false, refunded: 0 });

    const refunded = crypto.randomUUID();
    await startGenerationJob(db, { userId: user.id, generationId: refunded, cost: 2 });
    await failGenerationJob(db, { userId: user.id, generationId: refunded, reason: 'interrupted' });
    expect(await finishGenerationJob(db, row(refunded))).toBe(false);
    const saved = await env.DB.prepare('select id from generations where id in (?, ?)').bind(delivered, refunded).all<{ id: string }>();
    expect(saved.results.map((r) => r.id)).toEqual([delivered]);
    expect(await balance(user.id)).toBe(10);
    expect(await ledgerSum(user.id)).toBe(10);
  });
});
