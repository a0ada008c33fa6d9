/**
 * Calls that cost money are metered: what one free user gets out of the prompt helpers
 * and the generate route's validation when hammering them, counted.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { generalMessages } from '#shared/messages';
import { createDatabase } from '../../../worker/db/client';
import { previewEngine } from '../../../worker/studio/engines/preview';
import { offlineTextEngine } from '../../../worker/studio/engines/offline-text';
import type { TextEngine } from '../../../worker/studio/engines/types';
import { runGeneration } from '../../../worker/generation/inline';
import { generateBodySchema } from '../../../worker/generation/request';
import { ValidationCache } from '../../../worker/studio/prompt-validation';
import type { AppError } from '../../../worker/platform/errors';
import { call, json } from '../helpers';
import { generate, publicUser, userWith } from './helpers';

interface ErrorBody {
  error: { code: string; message: string };
}

async function hammer(path: string, token: string, count: number, address?: string): Promise<Response[]> {
  const headers: Record<string, string> = address ? { 'CF-Connecting-IP': address } : {};
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(path, { method: 'POST', token, headers, body: { prompt: `a concrete pavilion number ${i}` } }),
    ),
  );
}

describe('metering of the prompt helpers', () => {
  for (const helper of ['enhance', 'validate'] as const) {
    it(`lets one user make at most 30 ${helper} calls a minute out of 300, then 429 with Retry-After`, async () => {
      const user = await userWith();
      const responses = await hammer(`/api/prompt/${helper}`, user.token, 300, '203.0.113.10');
      const served = responses.filter((r) => r.status === 200).length;
      const limited = responses.filter((r) => r.status === 429);
      expect(served).toBeGreaterThan(0);
      // The binding counts in fixed windows: a burst that straddles a window's end may get two.
      expect(served).toBeLessThanOrEqual(2 * 30);
      expect(limited.length).toBe(300 - served);
      const first = limited[0];
      if (!first) throw new Error('no 429');
      expect(first.headers.get('Retry-After')).toBe('60');
      expect(await json<ErrorBody>(first)).toEqual({ error: { code: 'rate_limited', message: generalMessages.rateLimited } });
      // Another user is not held back by the first one's calls.
      const other = await userWith();
      expect((await hammer(`/api/prompt/${helper}`, other.token, 1, '203.0.113.11'))[0]?.status).toBe(200);
    });
  }

  it('caps one address across many accounts at a higher ceiling', async () => {
    // 21 accounts, each within its own 30: only the address's 300 can refuse. A burst that straddles
    // a window's end gets two windows' worth (600), still fewer than the 630 asked for.
    const users = await Promise.all(Array.from({ length: 21 }, () => userWith()));
    const responses = (await Promise.all(users.map((u) => hammer('/api/prompt/enhance', u.token, 30, '198.51.100.7')))).flat();
    const served = responses.filter((r) => r.status === 200).length;
    expect(served).toBeGreaterThanOrEqual(300);
    expect(served).toBeLessThanOrEqual(2 * 300);
    expect(responses.filter((r) => r.status === 429).length).toBe(630 - served);
  });
});

describe('generate checks the balance before the paid validation call', () => {
  it('40 attempts from a user with 0 credits make no text-model call and each gets the 402', async () => {
    const { user } = await userWith({ credits: 0 });
    let classifyCalls = 0;
    const counting: TextEngine = {
      classify: (prompt) => {
        classifyCalls += 1;
        return offlineTextEngine.classify(prompt);
      },
      enhance: (prompt) => offlineTextEngine.enhance(prompt),
    };
    const deps = { db: createDatabase(env.DB), media: env.MEDIA, images: env.IMAGES, imageEngine: previewEngine, textEngine: counting, signingSecret: env.MEDIA_SIGNING_SECRET, validationCache: new ValidationCache() };
    const me = await publicUser(user.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        runGeneration(deps, me, generateBodySchema.parse({ prompt: `a timber school on stilts ${i}`, model: 'fast' })),
      ),
    );
    expect(classifyCalls).toBe(0);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect((outcome.reason as AppError).code).toBe('insufficient_credits');
    }
  });

  it('answers 402 over HTTP, not a clarification, when the balance cannot pay', async () => {
    const user = await userWith({ credits: 0 });
    const response = await generate(user.token, { prompt: 'a golden retriever puppy', model: 'fast' });
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error.code).toBe('insufficient_credits');
  });

  it('meters the validation inside generate like the validate route: prompts that only ever get a clarification cannot call the model unmetered', async () => {
    const user = await userWith();
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        call('/api/generate', {
          method: 'POST',
          token: user.token,
          headers: { 'CF-Connecting-IP': '203.0.113.40' },
          body: { prompt: `a cute puppy portrait number ${i}`, model: 'fast' },
        }),
      ),
    );
    const clarified = responses.filter((r) => r.status === 200).length;
    const limited = responses.filter((r) => r.status === 429).length;
    expect(clarified).toBeGreaterThan(0);
    expect(clarified).toBeLessThanOrEqual(2 * 30);
    expect(limited).toBe(80 - clarified);
  });
});
