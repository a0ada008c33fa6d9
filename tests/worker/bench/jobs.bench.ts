/**
 * The workerd half of scripts/bench-jobs.mjs: a generation job through the Workflow against a
 * slow fake Gemini (first view after 2 s, the others after 3, 4 and 5 s) — time from submit to
 * the 202, to the first view's live event and to the last — and 2K jobs whose start and end
 * (wall clock) let the script match them against the workerd process's RSS it samples. Prints one
 * BENCH_JSON line; figures are printed, never asserted.
 */
import { env } from 'cloudflare:workers';
import { afterAll, it } from 'vitest';
import { isJobEnded, type JobSnapshot } from '#shared/job-types';
import { FakeGemini, solidPngBase64 } from '../../fakes/gemini';
import { connect, type OpenSocket } from '../realtime/sockets';
import { setCredits, userWith } from '../studio/helpers';
import { accepted, imageCalls, jobEvents, submit, useGemini, waitForEvent } from '../generation/job-helpers';

const results: Record<string, unknown> = {};
const SLOW_VIEWS_MS = [2000, 3000, 4000, 5000];
const SEED = 9000;

const landed = (job: JobSnapshot) => job.views.filter((view) => view.status === 'done').length;

it('submit to first and last view, 4 views at 1K, slow fake', async () => {
  // The fake encodes each size of PNG once: done here, so its reply time is only its delay.
  solidPngBase64(1024, 1024);
  const fake = new FakeGemini().install();
  const restore = useGemini(fake, (call) => ({ kind: 'image', delayMs: SLOW_VIEWS_MS[(call.body.generationConfig?.seed ?? SEED) - SEED] ?? 0 }));
  try {
    const user = await userWith({ plan: 'pro' });
    await setCredits(user.user.id, 1000);
    const tab = await connect(user.token);
    const start = Date.now();
    const response = await submit(user.token, { prompt: 'A timber pavilion in a park', model: 'standard', numberOfViews: 4, seed: SEED });
    const { jobId } = await accepted(response);
    results['job-accepted-ms'] = Date.now() - start;
    await waitForEvent(tab, jobId, (job) => job.status === 'running');
    results['job-running-ms'] = Date.now() - start;
    await waitForEvent(tab, jobId, (job) => landed(job) >= 1);
    results['job-first-view-ms'] = Date.now() - start;
    await waitForEvent(tab, jobId, (job) => landed(job) === 4);
    results['job-last-view-ms'] = Date.now() - start;
    await waitForEvent(tab, jobId, (job) => isJobEnded(job.status));
    results['job-done-ms'] = Date.now() - start;
    results['job-events'] = jobEvents(tab, jobId).length;
    // When the fake first heard from a view: the time before it is the Workflow's own.
    results['job-call-offsets-ms'] = imageCalls(fake).map((call) => call.at - start);
  } finally {
    restore();
    fake.uninstall();
  }
});

async function timedJob(tab: OpenSocket, token: string, views: number): Promise<{ start: number; end: number }> {
  const start = Date.now();
  const { jobId } = await accepted(await submit(token, { prompt: 'A concrete chapel in a pine forest', model: 'ultra', resolution: '2K', numberOfViews: views }));
  await waitForEvent(tab, jobId, (job) => isJobEnded(job.status));
  return { start, end: Date.now() };
}

it('2K jobs for the memory sampler: warm-up, then 1 view, then 4 views', async () => {
  const fake = new FakeGemini().install();
  const restore = useGemini(fake, () => ({ kind: 'image' }));
  try {
    // A free user: the watermark step runs too.
    const user = await userWith();
    await setCredits(user.user.id, 1000);
    const tab = await connect(user.token);
    // The process's first 2K job: photon's wasm memory grows to the decode's peak and keeps it.
    results['mem-2K-first'] = await timedJob(tab, user.token, 1);
    results['mem-2K-1view'] = await timedJob(tab, user.token, 1);
    results['mem-2K-4views'] = await timedJob(tab, user.token, 4);
    results['engine'] = env.GEMINI_IMAGE_MODEL_ULTRA;
  } finally {
    restore();
    fake.uninstall();
  }
});

afterAll(() => {
  console.log(`BENCH_JSON ${JSON.stringify(results)}`);
});
