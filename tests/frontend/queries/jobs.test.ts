/** Merging job snapshots into the caches: from POST /api/generate, the socket and GET /api/jobs, in any order. */
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobSnapshot } from '#shared/job-types';
import { createQueryClient } from '../../../frontend/queries/client';
import { RECENT_ENDED_JOBS, applyJob, greetingMissesAnEnd, jobKeys, jobsQuery, mergeJobs, withJob } from '../../../frontend/queries/jobs';
import { historyKeys } from '../../../frontend/queries/history';
import { deleteMutation } from '../../../frontend/queries/generations';
import type { StudioBatch } from '../../../frontend/studio/history';
import { job } from '../studio/job-fixtures';

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const client = createQueryClient();
afterEach(() => client.clear());

describe('the jobs list', () => {
  it('holds one snapshot per job, oldest first, and never goes back', () => {
    let jobs = withJob(undefined, job('b', ['waiting'], { createdAt: at(2) }));
    jobs = withJob(jobs, job('a', ['generating'], { createdAt: at(1) }));
    jobs = withJob(jobs, job('b', ['done'], { createdAt: at(2) }));
    expect(jobs.map((known) => `${known.id}:${known.status}`)).toEqual(['a:running', 'b:done']);
    expect(withJob(jobs, job('b', ['waiting'], { createdAt: at(2) }))).toBe(jobs);
  });

  it('merges a re-read list: the newer snapshot per job, and jobs the list lacks stay', () => {
    const held = [job('a', ['done', 'generating'], { createdAt: at(1) }), job('c', ['waiting'], { createdAt: at(3) })];
    const loaded = [job('a', ['generating', 'waiting'], { createdAt: at(1) }), job('b', ['waiting'], { createdAt: at(2) })];
    const merged = mergeJobs(held, loaded);
    expect(merged.map((known) => known.id)).toEqual(['a', 'b', 'c']);
    expect(merged[0]?.views[0]?.status).toBe('done');
  });

  it('keeps every unfinished job but only the newest ended ones', () => {
    const ended = Array.from({ length: RECENT_ENDED_JOBS + 3 }, (_, i) => job(`e${i}`, ['done'], { createdAt: at(10 + i) }));
    const jobs = mergeJobs([job('old-running', ['generating'], { createdAt: at(0) })], ended);
    expect(jobs).toHaveLength(RECENT_ENDED_JOBS + 1);
    expect(jobs[0]?.id).toBe('old-running');
    expect(jobs[1]?.id).toBe('e3');
  });

  it('keeps a snapshot the socket brought while a read was in flight', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const read = client.fetchQuery(jobsQuery('u'));
    // GET /api/jobs read D1 before the job existed; its whole life came over the socket meanwhile.
    applyJob(client, 'u', job('j', ['done']));
    answer(Response.json({ jobs: [] }));
    await read;
    // The generate answer, older than what the socket told, changes nothing.
    applyJob(client, 'u', job('j', ['waiting']));
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.map((known) => known.status)).toEqual(['done']);
    vi.restoreAllMocks();
  });

  it("knows a socket's greeting missed an end when it lacks a job held as unfinished", () => {
    const held = [job('queued', ['waiting']), job('ended', ['done']), job('failed', ['failed'])];
    expect(greetingMissesAnEnd(held, [job('queued', ['generating'])])).toBe(false);
    expect(greetingMissesAnEnd(held, [])).toBe(true);
    expect(greetingMissesAnEnd(held.slice(1), [])).toBe(false);
    expect(greetingMissesAnEnd(undefined, [job('other', ['waiting'])])).toBe(false);
  });
});

describe('what a job changes elsewhere', () => {
  it('adds a finished job to a loaded history once, and leaves an unloaded history alone', () => {
    applyJob(client, 'u', job('j', ['done']));
    expect(client.getQueryData(historyKeys.of('u'))).toBeUndefined();

    client.setQueryData<StudioBatch[]>(historyKeys.of('u'), []);
    applyJob(client, 'u', job('k', ['generating']));
    expect(client.getQueryData<StudioBatch[]>(historyKeys.of('u'))).toEqual([]);
    applyJob(client, 'u', job('k', ['done']));
    applyJob(client, 'u', job('k', ['done']));
    expect(client.getQueryData<StudioBatch[]>(historyKeys.of('u'))?.map((batch) => batch.id)).toEqual(['k']);
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.map((known) => known.id)).toEqual(['j', 'k']);
  });
});

describe('a deleted generation', () => {
  it('leaves the jobs list too, so its finished job does not bring it back', async () => {
    const listed = [job('d', ['done']), job('k', ['done'])];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      (input instanceof Request ? input.url : input.toString()).includes('/api/jobs') ? Response.json({ jobs: listed }) : new Response(null, { status: 204 }),
    );
    // The list is read through the studio's own query, with its options.
    await client.prefetchQuery(jobsQuery('u'));
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))).toHaveLength(2);
    await new MutationObserver(client, deleteMutation(client)).mutate('d');
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.map((known) => known.id)).toEqual(['k']);
    // GET /api/jobs still lists the deleted generation's job: it stays out.
    expect(mergeJobs(client.getQueryData(jobKeys.of('u')), [job('d', ['done'])]).map((known) => known.id)).toEqual(['k']);
    vi.restoreAllMocks();
  });
});
