/** Helpers for tests of generation jobs: the Worker pointed at the fake Gemini, async submits, job events. */
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import type { GenerateAcceptedResponse, JobListResponse, JobSnapshot } from '#shared/job-types';
import { isJobEnded } from '#shared/job-types';
import { ORPHAN_CHARGE_AGE_MS } from '../../../worker/platform/limits';
import { FAKE_GEMINI_BASE_URL, type FakeCall, type FakeGemini, type FakeReply } from '../../fakes/gemini';
import { call, json } from '../helpers';
import type { OpenSocket } from '../realtime/sockets';

const VALID = JSON.stringify({ isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' });

/**
 * Points the Worker (and so its Workflow, which reads the same env) at the fake Gemini until
 * the returned function is called. Text-model calls get a valid verdict; image calls are
 * answered by `image`, given the call and its index among image calls.
 */
export function useGemini(fake: FakeGemini, image: (call: FakeCall, index: number) => FakeReply): () => void {
  const vars = env as unknown as Record<string, string | undefined>;
  const saved = { key: vars.GEMINI_API_KEY, base: vars.GEMINI_BASE_URL };
  vars.GEMINI_API_KEY = 'fake-key';
  vars.GEMINI_BASE_URL = FAKE_GEMINI_BASE_URL;
  let images = 0;
  fake.reply((fakeCall) => (fakeCall.model === env.GEMINI_TEXT_MODEL ? { kind: 'text', text: VALID } : image(fakeCall, images++)));
  return () => {
    vars.GEMINI_API_KEY = saved.key;
    vars.GEMINI_BASE_URL = saved.base;
  };
}

/**
 * useGemini with renders that answer only when the test calls `letGo`, which `restore` calls too
 * (a test that fails first still ends its jobs): a job runs exactly as long as the test needs,
 * instead of a fixed delay.
 */
export function useHeldGemini(fake: FakeGemini): { letGo: () => void; restore: () => void } {
  let letGo: () => void = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const restoreEnv = useGemini(fake, () => ({ kind: 'image', heldUntil: held }));
  return {
    letGo,
    restore: () => {
      letGo();
      restoreEnv();
    },
  };
}

/** Image calls the fake received, in order. */
export function imageCalls(fake: FakeGemini): FakeCall[] {
  return fake.calls.filter((fakeCall) => fakeCall.model !== env.GEMINI_TEXT_MODEL);
}

export function submit(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return call('/api/generate', { method: 'POST', token, body, headers: { Prefer: 'respond-async', ...headers } });
}

export async function accepted(response: Response): Promise<GenerateAcceptedResponse> {
  expect(response.status).toBe(202);
  return json<GenerateAcceptedResponse>(response);
}

/** The `job` messages a socket received about one job, in order. */
export function jobEvents(tab: OpenSocket, id: string): JobSnapshot[] {
  return tab.received.flatMap((message) => (message.type === 'job' && message.job.id === id ? [message.job] : []));
}

/** Waits until the socket was told something about the job that `done` accepts; returns that snapshot. */
export async function waitForEvent(tab: OpenSocket, id: string, done: (job: JobSnapshot) => boolean): Promise<JobSnapshot> {
  for (let count = 1; ; count += 1) {
    await tab.next(count);
    const found = jobEvents(tab, id).find(done);
    if (found) return found;
  }
}

export const ended = (job: JobSnapshot) => isJobEnded(job.status);

export async function getJob(token: string, id: string): Promise<Response> {
  return call(`/api/jobs/${id}`, { token });
}

/** Waits until the user has no unfinished job, so no Workflow of this test calls the next test's fake. */
export async function settleJobs(token: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const { jobs } = await json<JobListResponse>(await call('/api/jobs', { token }));
      expect(jobs.filter((job) => !isJobEnded(job.status))).toEqual([]);
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** Moves a generation's job and ledger rows back in time, past the sweeper's threshold by an hour unless told. */
export async function ageJob(generationId: string, ageMs = ORPHAN_CHARGE_AGE_MS + 60 * 60 * 1000): Promise<void> {
  const at = Date.now() - ageMs;
  await env.DB.batch([
    env.DB.prepare('update generation_jobs set created_at = ? where id = ?').bind(at, generationId),
    env.DB.prepare('update credit_ledger set created_at = ? where generation_id = ?').bind(at, generationId),
  ]);
}

/** Refund rows of one generation. */
export async function refundsOf(generationId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from credit_ledger where generation_id = ? and reason = 'refund'")
    .bind(generationId)
    .first<{ n: number }>();
  return row?.n ?? -1;
}
