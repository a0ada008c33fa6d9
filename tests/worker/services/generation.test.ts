import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { chargeGeneration, refundGeneration } from '../../../worker/db/credits';
import type { GenerateFailureResponse, GenerateSuccessResponse } from '../../../worker/domain/api-types';
import { studioMessages } from '../../../worker/domain/messages';
import type { GeminiConfig } from '../../../worker/engines/config';
import { GeminiImageEngine } from '../../../worker/engines/gemini';
import { offlineTextEngine } from '../../../worker/engines/offline-text';
import type { ImageEngine } from '../../../worker/engines/types';
import { runGeneration, type GenerationDeps } from '../../../worker/services/generation';
import { generateBodySchema } from '../../../worker/services/generation-request';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { balance, fetchImage, generate, ledgerRows, ledgerSum, publicUser, userWith } from '../studio-helpers';

const config: GeminiConfig = {
  apiKey: 'fake-key',
  baseUrl: FAKE_GEMINI_BASE_URL,
  imageModels: { fast: 'f', standard: 's', ultra: 'u', concept: 'c' },
  textModel: 't',
};
const noWait = async () => {};

function deps(imageEngine: ImageEngine = new GeminiImageEngine(config, noWait)): GenerationDeps {
  return { db: createDatabase(env.DB), media: env.MEDIA, imageEngine, textEngine: offlineTextEngine, signingSecret: env.MEDIA_SIGNING_SECRET };
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
    expect([success.images[0].width, success.images[0].height]).toEqual([1024, 576]);
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
    const vars = env as unknown as Record<string, string>;
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
  it('charges a generation at most once and refunds it at most once', async () => {
    const { user } = await userWith();
    const db = createDatabase(env.DB);
    const generationId = crypto.randomUUID();
    expect(await chargeGeneration(db, { userId: user.id, generationId, cost: 3 })).toBe(9);
    await expect(chargeGeneration(db, { userId: user.id, generationId, cost: 3 })).rejects.toThrow();
    expect(await balance(user.id)).toBe(9);
    expect(await refundGeneration(db, { userId: user.id, generationId, credits: 3 })).toBe(12);
    expect(await refundGeneration(db, { userId: user.id, generationId, credits: 3 })).toBeNull();
    expect(await refundGeneration(db, { userId: user.id, generationId: crypto.randomUUID(), credits: 3 })).toBeNull();
    expect(await balance(user.id)).toBe(12);
    expect(await ledgerSum(user.id)).toBe(12);
  });

  it('refuses a charge above the balance without touching it', async () => {
    const { user } = await userWith({ credits: 3 });
    const db = createDatabase(env.DB);
    expect(await chargeGeneration(db, { userId: user.id, generationId: crypto.randomUUID(), cost: 4 })).toBeNull();
    expect(await balance(user.id)).toBe(3);
    expect(await ledgerSum(user.id)).toBe(3);
  });
});
