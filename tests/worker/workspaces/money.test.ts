/**
 * A workspace's money (docs/decisions/0096-workspaces.md): its pool pays every member's work in the
 * same single batch as a personal charge, a member's monthly cap is checked in that batch, members
 * racing on a small pool never overdraw it, every refund goes back to the pool it came from, and
 * personal and workspace credits never pay for each other.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerPage } from '#shared/credit-types';
import type { GenerateAcceptedResponse, JobSnapshot } from '#shared/job-types';
import { workspaceMessages } from '#shared/messages';
import type { PaymentGrantResponse, PaymentOrderResponse } from '#shared/payments';
import { createDatabase } from '../../../worker/db/client';
import { startGenerationJob } from '../../../worker/generation/charges';
import { sweepOrphanCharges } from '../../../worker/generation/sweeper';
import { FakeGemini } from '../../fakes/gemini';
import { refundEvent } from '../../fakes/razorpay';
import { call, json, signUp, type SignedUp } from '../helpers';
import { ageJob, settleJobs, useGemini } from '../generation/job-helpers';
import { deliverWebhook } from '../payments/helpers';
import { balance } from '../studio/helpers';
import { createWorkspace, inWorkspace, joinAs, ownLedgerSum, pool, poolLedgerSum, setPool } from './helpers';

const PROMPT = 'A timber pavilion in a birch forest at dusk';
const FAST = { prompt: PROMPT, model: 'fast', numberOfViews: 1 };

let owner: SignedUp;
let workspaceId: string;
const at = (path: string) => inWorkspace(path, workspaceId);

function submitIn(member: SignedUp, body: Record<string, unknown> = FAST): Promise<Response> {
  return call(at('/api/generate'), { method: 'POST', token: member.token, headers: { Prefer: 'respond-async' }, body });
}

async function errorMessage(response: Response): Promise<string> {
  return (await json<{ error: { message: string } }>(response)).error.message;
}

async function chargesOf(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from credit_ledger where user_id = ? and reason = 'generation'").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

beforeEach(async () => {
  owner = await signUp();
  workspaceId = (await createWorkspace(owner)).id;
});

describe('charges from the pool', () => {
  it('take a member’s work from the pool, name the member in the ledger row, and leave their own balance alone', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const accepted = await json<GenerateAcceptedResponse>(await submitIn(member, { ...FAST, model: 'standard' }));
    expect(accepted).toMatchObject({ creditsCharged: 2, creditsLeft: 8, job: { workspaceId } });
    expect(await pool(workspaceId)).toBe(8);
    expect(await balance(member.user.id)).toBe(12);
    const row = await env.DB.prepare('select user_id, workspace_id, delta from credit_ledger where generation_id = ?').bind(accepted.generationId).first();
    expect(row).toEqual({ user_id: member.user.id, workspace_id: workspaceId, delta: -2 });
    await settleJobs(member.token);
  });

  it('show in the workspace’s ledger, each row naming its member, the running balance ending at the pool', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const accepted = await json<GenerateAcceptedResponse>(await submitIn(member));
    const page = await json<LedgerPage>(await call(at('/api/me/ledger'), { token: owner.token }));
    expect(page.items.map((item) => [item.reason, item.delta, item.member?.email])).toEqual([
      ['generation', -1, member.email],
      ['operator', 10, owner.email],
    ]);
    expect(page.items[0]).toMatchObject({ generationId: accepted.generationId, balanceAfter: 9 });
    // The member's own ledger knows nothing of it.
    const own = await json<LedgerPage>(await call('/api/me/ledger', { token: member.token }));
    expect(own.items.map((item) => item.reason)).toEqual(['signup']);
    await settleJobs(member.token);
  });

  it('never overdraw a small pool when three members generate at once', async () => {
    const members = [await joinAs(owner, workspaceId, 'member'), await joinAs(owner, workspaceId, 'member'), await joinAs(owner, workspaceId, 'admin')];
    await setPool(workspaceId, 4);
    // Nine requests of one credit each (three a member: the fair-share limit) against four credits.
    const answers = await Promise.all(members.flatMap((member) => [submitIn(member), submitIn(member), submitIn(member)]));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(4);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    expect(await pool(workspaceId)).toBe(0);
    expect(await poolLedgerSum(workspaceId)).toBe(0);
    for (const member of members) expect(await balance(member.user.id)).toBe(12);
    await Promise.all(members.map((member) => settleJobs(member.token)));
  });

  it('stop at a member’s monthly cap: a 402 naming the cap, and nothing charged', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 50);
    const capped = await call(`/api/workspaces/${workspaceId}/members/${member.user.id}`, { method: 'PATCH', token: owner.token, body: { monthlyCap: 3 } });
    expect(capped.status).toBe(200);
    expect((await submitIn(member, { ...FAST, model: 'standard' })).status).toBe(202);
    const refused = await submitIn(member, { ...FAST, model: 'standard' });
    expect(refused.status).toBe(402);
    expect(await errorMessage(refused)).toBe(workspaceMessages.atMonthlyCap(3));
    expect(await pool(workspaceId)).toBe(48);
    expect(await chargesOf(member.user.id)).toBe(1);
    // One more credit still fits under the cap.
    expect((await submitIn(member)).status).toBe(202);
    expect(await pool(workspaceId)).toBe(47);
    await settleJobs(member.token);
  });

  it('hold the cap when a member’s requests race: the cap is checked in the charge’s own statement', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 50);
    await call(`/api/workspaces/${workspaceId}/members/${member.user.id}`, { method: 'PATCH', token: owner.token, body: { monthlyCap: 2 } });
    const answers = await Promise.all([submitIn(member), submitIn(member), submitIn(member)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 402]);
    expect(await pool(workspaceId)).toBe(48);
    await settleJobs(member.token);
  });

  it('come from a pool that is too low with a 402 that says so, never from the member’s own credits', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    const refused = await submitIn(member);
    expect(refused.status).toBe(402);
    expect(await errorMessage(refused)).toBe(workspaceMessages.poolTooLow(1, 'Fast'));
    expect(await balance(member.user.id)).toBe(12);
    expect(await chargesOf(member.user.id)).toBe(0);
  });

  it('leave the pool alone for personal work', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const personal = await call('/api/generate', { method: 'POST', token: member.token, headers: { Prefer: 'respond-async' }, body: FAST });
    expect(personal.status).toBe(202);
    expect(await balance(member.user.id)).toBe(11);
    expect(await pool(workspaceId)).toBe(10);
    expect(await ownLedgerSum(member.user.id)).toBe(11);
    await settleJobs(member.token);
  });
});

describe('refunds', () => {
  let fake: FakeGemini | null = null;
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    fake?.uninstall();
    restore = null;
    fake = null;
  });

  it('of a failed job go back to the pool', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    fake = new FakeGemini().install();
    restore = useGemini(fake, () => ({ kind: 'blocked', reason: 'SAFETY' }));
    const failed = await call(at('/api/generate'), { method: 'POST', token: member.token, body: { ...FAST, model: 'standard' } });
    expect(failed.status).toBe(502);
    expect(await pool(workspaceId)).toBe(10);
    expect(await poolLedgerSum(workspaceId)).toBe(10);
    expect(await balance(member.user.id)).toBe(12);
    const { generationId } = await json<{ generationId: string }>(failed);
    const refund = await env.DB.prepare("select workspace_id, delta from credit_ledger where generation_id = ? and reason = 'refund'").bind(generationId).first();
    expect(refund).toEqual({ workspace_id: workspaceId, delta: 2 });
  });

  it('of a cancelled job go back to the pool', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const generationId = crypto.randomUUID();
    expect(await startGenerationJob(createDatabase(env.DB), { userId: member.user.id, workspaceId, generationId, cost: 3, params: cancellable(workspaceId) })).toBe(7);
    const cancelled = await call(at(`/api/jobs/${generationId}/cancel`), { method: 'POST', token: member.token });
    expect(cancelled.status).toBe(200);
    expect(await json<JobSnapshot>(cancelled)).toMatchObject({ status: 'cancelled', creditsRefunded: 3 });
    expect(await pool(workspaceId)).toBe(10);
    expect(await balance(member.user.id)).toBe(12);
  });

  it('by the sweeper go back to the pool, and tell the workspace', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const generationId = crypto.randomUUID();
    expect(await startGenerationJob(createDatabase(env.DB), { userId: member.user.id, workspaceId, generationId, cost: 2 })).toBe(8);
    await ageJob(generationId);
    const told: Array<{ workspaceId: string | null; credits: number }> = [];
    const result = await sweepOrphanCharges({
      db: createDatabase(env.DB),
      media: env.MEDIA,
      workflow: env.GENERATION_WORKFLOW,
      notifyBalance: async (space, profile) => {
        told.push({ workspaceId: space.workspaceId, credits: profile.credits });
      },
    });
    expect(result).toMatchObject({ closed: 1, refunded: 1, credits: 2 });
    expect(told).toEqual([{ workspaceId, credits: 10 }]);
    expect(await pool(workspaceId)).toBe(10);
    expect(await balance(member.user.id)).toBe(12);
    expect(await poolLedgerSum(workspaceId)).toBe(10);
  });

  it('of a personal job go back to the personal balance, whatever workspaces the user is in', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const generationId = crypto.randomUUID();
    expect(await startGenerationJob(createDatabase(env.DB), { userId: member.user.id, generationId, cost: 2 })).toBe(10);
    await ageJob(generationId);
    await sweepOrphanCharges({ db: createDatabase(env.DB), media: env.MEDIA, workflow: env.GENERATION_WORKFLOW, notifyBalance: async () => {} });
    expect(await balance(member.user.id)).toBe(12);
    expect(await pool(workspaceId)).toBe(10);
  });
});

describe('buying credits for a workspace', () => {
  async function order(buyer: SignedUp, credits: number): Promise<Response> {
    return call('/api/payments/orders', { method: 'POST', token: buyer.token, body: { credits, amount: credits * 699, workspaceId } });
  }

  it('is the owner’s: the grant fills the pool and moves its plan to pro, never the owner’s own balance', async () => {
    const created = await order(owner, 5);
    expect(created.status).toBe(200);
    const { orderId } = await json<PaymentOrderResponse>(created);
    const paid = await call('/api/payments/test/complete', { method: 'POST', token: owner.token, body: { orderId } });
    expect(paid.status).toBe(200);
    expect(await json<PaymentGrantResponse>(paid)).toMatchObject({ credits: 5, plan: 'pro', added: 5, workspaceId });
    expect(await pool(workspaceId)).toBe(5);
    expect(await poolLedgerSum(workspaceId)).toBe(5);
    expect(await balance(owner.user.id)).toBe(12);
    const summary = await json<{ plan: string; credits: number }>(await call(`/api/workspaces/${workspaceId}`, { token: owner.token }));
    expect(summary).toMatchObject({ plan: 'pro', credits: 5 });
  });

  it('is refused to an admin or member (403) and to anyone outside (404)', async () => {
    const admin = await joinAs(owner, workspaceId, 'admin');
    expect((await order(admin, 1)).status).toBe(403);
    expect((await order(await signUp(), 1)).status).toBe(404);
  });

  it('gives back from the pool when the payment is refunded', async () => {
    const { orderId } = await json<PaymentOrderResponse>(await order(owner, 4));
    const paid = await json<PaymentGrantResponse>(await call('/api/payments/test/complete', { method: 'POST', token: owner.token, body: { orderId } }));
    const event = refundEvent({ refundId: 'rfnd_Pool0001', orderId, paymentId: paid.paymentId, paymentAmount: 4 * 69_900 });
    const delivered = await deliverWebhook(event, { eventId: 'evt_pool_refund' });
    expect(delivered.status).toBe(200);
    expect(await json<{ outcome: string }>(delivered)).toMatchObject({ outcome: 'refunded' });
    expect(await pool(workspaceId)).toBe(0);
    expect(await poolLedgerSum(workspaceId)).toBe(0);
    expect(await balance(owner.user.id)).toBe(12);
  });
});

/** The smallest stored request a cancellable job keeps (the route reads it back). */
function cancellable(inWorkspaceId: string) {
  return {
    kind: 'generate' as const,
    prompt: PROMPT,
    model: 'ultra' as const,
    aspectRatio: '1:1' as const,
    resolution: '2K' as const,
    generationType: 'text-to-image' as const,
    numberOfViews: 1,
    referenceImages: [],
    seed: 1,
    engine: 'preview' as const,
    userPlan: 'free' as const,
    inputKey: null,
    workspaceId: inWorkspaceId,
  };
}
