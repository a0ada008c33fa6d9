import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { chargeGeneration } from '../../../worker/db/credits';
import { ledgerBalance } from '../../../worker/db/users';
import { ORPHAN_CHARGE_AGE_MS } from '../../../worker/domain/limits';
import worker from '../../../worker/index';
import { sweepOrphanCharges } from '../../../worker/services/charge-sweeper';
import { signUp } from '../helpers';

const db = () => createDatabase(env.DB);
const HOUR = 60 * 60 * 1000;

async function balance(userId: string): Promise<number> {
  const row = await env.DB.prepare('select credits from users where id = ?').bind(userId).first<{ credits: number }>();
  return row?.credits ?? -1;
}

/** A charge taken `ageMs` ago for a generation id, with an image already stored under it. */
async function charged(userId: string, ageMs: number, cost = 2): Promise<string> {
  const generationId = crypto.randomUUID();
  expect(await chargeGeneration(db(), { userId, generationId, cost })).not.toBeNull();
  await env.DB.prepare("update credit_ledger set created_at = ? where generation_id = ? and reason = 'generation'")
    .bind(Date.now() - ageMs, generationId)
    .run();
  await env.MEDIA.put(`generations/${userId}/${generationId}/0.jpg`, new Uint8Array([0xff, 0xd8, 0xff]));
  return generationId;
}

function sweep(notified: Array<{ userId: string; credits: number }> = []) {
  return sweepOrphanCharges({
    db: db(),
    media: env.MEDIA,
    notifyProfile: async (userId, profile) => {
      notified.push({ userId, credits: profile.credits });
    },
  });
}

describe('the orphaned-charge sweeper', () => {
  it('refunds an old charge that never became a generation, once, and removes its stray images', async () => {
    const { user } = await signUp();
    const generationId = await charged(user.id, ORPHAN_CHARGE_AGE_MS + HOUR);
    expect(await balance(user.id)).toBe(10);

    const notified: Array<{ userId: string; credits: number }> = [];
    const first = await sweep(notified);
    expect(first.refunded).toBeGreaterThanOrEqual(1);
    expect(await balance(user.id)).toBe(12);
    expect(await ledgerBalance(db(), user.id)).toBe(12);
    expect(notified).toContainEqual({ userId: user.id, credits: 12 });
    expect((await env.MEDIA.list({ prefix: `generations/${user.id}/${generationId}/` })).objects).toHaveLength(0);

    await sweep();
    expect(await balance(user.id)).toBe(12);
    const refunds = await env.DB.prepare("select count(*) as n from credit_ledger where generation_id = ? and reason = 'refund'")
      .bind(generationId)
      .first<{ n: number }>();
    expect(refunds?.n).toBe(1);
  });

  it('leaves recent charges and saved generations alone', async () => {
    const { user } = await signUp();
    const recent = await charged(user.id, 60 * 1000);
    const saved = await charged(user.id, ORPHAN_CHARGE_AGE_MS + HOUR);
    await env.DB.prepare(
      "insert into generations (id, user_id, prompt, engine, shuffle_key, image_count) values (?, ?, 'a saved house', 'preview', 1, 1)",
    )
      .bind(saved, user.id)
      .run();
    expect(await balance(user.id)).toBe(8);

    await sweep();
    expect(await balance(user.id)).toBe(8);
    expect(await ledgerBalance(db(), user.id)).toBe(8);
    expect((await env.MEDIA.list({ prefix: `generations/${user.id}/${recent}/` })).objects).toHaveLength(1);
  });

  it("runs from the Worker's cron trigger", async () => {
    const { user } = await signUp();
    await charged(user.id, ORPHAN_CHARGE_AGE_MS + HOUR, 4);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await balance(user.id)).toBe(12);
  });
});
