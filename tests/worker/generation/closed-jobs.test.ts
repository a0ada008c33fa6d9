import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredJobView } from '#shared/job-types';
import { createDatabase } from '../../../worker/db/client';
import { executeJob, type JobSteps } from '../../../worker/generation/run';
import { generateBodySchema } from '../../../worker/generation/request';
import { submitGeneration, type GenerationDeps } from '../../../worker/generation/submit';
import { sweepOrphanCharges } from '../../../worker/generation/sweeper';
import { personalSpace } from '../../../worker/platform/space';
import { signedMediaUrl } from '../../../worker/media';
import { offlineTextEngine } from '../../../worker/studio/engines/offline-text';
import { previewEngine } from '../../../worker/studio/engines/preview';
import { FakeGemini } from '../../fakes/gemini';
import { call } from '../helpers';
import { balance, ledgerSum, publicUser, userWith } from '../studio/helpers';
import { accepted, ageJob, refundsOf, settleJobs, submit, useHeldGemini } from './job-helpers';

const PROMPT = 'A brick library by a canal with a timber reading room';

function deps(): GenerationDeps {
  return {
    db: createDatabase(env.DB),
    media: env.MEDIA,
    images: env.IMAGES,
    imageEngine: previewEngine,
    textEngine: offlineTextEngine,
    signingSecret: env.MEDIA_SIGNING_SECRET,
  };
}

function sweep() {
  return sweepOrphanCharges({ db: createDatabase(env.DB), media: env.MEDIA, workflow: env.GENERATION_WORKFLOW, notifyBalance: async () => {} });
}

/** A charged job of two views, opened as the route opens one; its steps are run by the test. */
async function openJob(userId: string): Promise<{ userId: string; generationId: string }> {
  const submitted = await submitGeneration(deps(), personalSpace(await publicUser(userId)), generateBodySchema.parse({ prompt: PROMPT, model: 'standard', numberOfViews: 2 }));
  if (submitted.kind !== 'job') throw new Error('expected a job');
  return { userId, generationId: submitted.generationId };
}

/** A promise the test settles, and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function jobRow(id: string): Promise<{ status: string; state: string; views: StoredJobView[] }> {
  const row = await env.DB.prepare('select status, state, views from generation_jobs where id = ?').bind(id).first<{ status: string; state: string; views: string }>();
  if (!row) throw new Error(`no job ${id}`);
  return { status: row.status, state: row.state, views: JSON.parse(row.views) as StoredJobView[] };
}

async function objectsOf(ref: { userId: string; generationId: string }): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `generations/${ref.userId}/${ref.generationId}/` })).objects.map((object) => object.key);
}

async function generationSaved(id: string): Promise<boolean> {
  return (await env.DB.prepare('select id from generations where id = ?').bind(id).first()) !== null;
}

describe('a job the sweeper closes while its views render', () => {
  it('records none of the views that land afterwards, keeps none of their files, and refunds once', async () => {
    const owner = await userWith();
    const ref = await openJob(owner.user.id);
    const views = gate();
    const steps: JobSteps = { begin: (work) => work(), view: async (_index, work) => (await views.opened, work(true)), finish: (work) => work() };
    const running = executeJob(steps, deps(), ref);
    await vi.waitFor(async () => expect((await jobRow(ref.generationId)).state).toBe('running'));

    await ageJob(ref.generationId);
    expect(await sweep()).toMatchObject({ closed: 1, refunded: 1 });
    views.open();
    await running;

    const job = await jobRow(ref.generationId);
    expect(job).toMatchObject({ status: 'failed', state: 'failed' });
    expect(job.views.map((view) => view.status)).toEqual(['generating', 'generating']);
    expect(await objectsOf(ref)).toEqual([]);
    expect(await generationSaved(ref.generationId)).toBe(false);
    expect(await refundsOf(ref.generationId)).toBe(1);
    expect(await balance(owner.user.id)).toBe(12);
    expect(await ledgerSum(owner.user.id)).toBe(12);
    // Neither the owner nor a signed URL reaches the folder of a job that closed.
    const key = `generations/${ref.userId}/${ref.generationId}/0.jpg`;
    expect((await call(`/media/${key}`, { token: owner.token })).status).toBe(404);
    expect((await call(await signedMediaUrl(env.MEDIA_SIGNING_SECRET, key))).status).toBe(404);
  });

  it('and its final step never both win: the job is delivered or refunded, never both', async () => {
    const owner = await userWith({ credits: 40 });
    for (let round = 0; round < 3; round += 1) {
      const ref = await openJob(owner.user.id);
      const finish = gate();
      const steps: JobSteps = { begin: (work) => work(), view: (_index, work) => work(true), finish: async (work) => (await finish.opened, work()) };
      const running = executeJob(steps, deps(), ref);
      await vi.waitFor(async () => expect((await jobRow(ref.generationId)).views.map((view) => view.status)).toEqual(['done', 'done']), { timeout: 15_000, interval: 100 });
      await ageJob(ref.generationId);
      finish.open();
      await Promise.all([running, sweep()]);

      const delivered = await generationSaved(ref.generationId);
      const refunds = await refundsOf(ref.generationId);
      expect(delivered ? 0 : 1).toBe(refunds);
      expect((await objectsOf(ref)).length > 0).toBe(delivered);
      expect((await jobRow(ref.generationId)).status).toBe(delivered ? 'done' : 'failed');
    }
    expect(await ledgerSum(owner.user.id)).toBe(await balance(owner.user.id));
  });
});

describe('the sweeper and a job its Workflow still runs', () => {
  let fake: FakeGemini;
  let restore: () => void = () => {};
  beforeEach(() => {
    fake = new FakeGemini().install();
  });
  afterEach(() => {
    restore();
    fake.uninstall();
  });

  it('leaves the job open past the age, and the job delivers with its charge kept', async () => {
    const held = useHeldGemini(fake);
    restore = held.restore;
    const owner = await userWith({ plan: 'pro', credits: 12 });
    const { jobId } = await accepted(await submit(owner.token, { prompt: PROMPT, model: 'standard', numberOfViews: 2 }));
    await vi.waitFor(async () => expect((await jobRow(jobId)).state).toBe('running'), { timeout: 5000 });
    await ageJob(jobId);
    expect(await sweep()).toMatchObject({ closed: 0, refunded: 0, live: 1 });
    held.letGo();
    await settleJobs(owner.token);
    expect((await jobRow(jobId)).status).toBe('done');
    expect(await generationSaved(jobId)).toBe(true);
    expect(await refundsOf(jobId)).toBe(0);
    expect(await balance(owner.user.id)).toBe(10);
  });
});

describe('/media for a generation folder', () => {
  it('answers 404 unless the generation exists or its job is open, whoever asks', async () => {
    const owner = await userWith();
    const unknown = `generations/${owner.user.id}/${crypto.randomUUID()}/0.jpg`;
    await env.MEDIA.put(unknown, new Uint8Array([0xff, 0xd8, 0xff]));
    expect((await call(`/media/${unknown}`, { token: owner.token })).status).toBe(404);
    expect((await call(await signedMediaUrl(env.MEDIA_SIGNING_SECRET, unknown))).status).toBe(404);
    expect((await call(`/media/${unknown}`)).status).toBe(404);

    // An open job's views are served (signed) while it runs, as the studio shows them.
    const ref = await openJob(owner.user.id);
    const viewKey = `generations/${ref.userId}/${ref.generationId}/0.jpg`;
    await env.MEDIA.put(viewKey, new Uint8Array([0xff, 0xd8, 0xff]));
    expect((await call(await signedMediaUrl(env.MEDIA_SIGNING_SECRET, viewKey))).status).toBe(200);
    expect((await call(`/media/${viewKey}`, { token: owner.token })).status).toBe(200);
  });
});
