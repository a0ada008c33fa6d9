/** Pure rules of generation jobs in the studio: snapshot → what the history draws, and which snapshot wins. */
import { describe, expect, it } from 'vitest';
import { studioMessages } from '#shared/messages';
import { batchFromJob, canCancelJob, historyEntries, isNewerSnapshot, jobBatchView, jobEndMessage, partialFailureMessage, unfinishedCount } from '../../../frontend/studio/jobs';
import type { StudioBatch } from '../../../frontend/studio/history';
import { job } from './job-fixtures';

const listed = (id: string, createdAt: string): StudioBatch => ({
  id, prompt: 'p', model: 'Fast', images: [], referenceUrls: [], createdAt, liked: true, likeCount: 1, preview: false,
});

describe('a job as a batch in progress', () => {
  it('has a line per view and places each image the moment its view lands, in view order', () => {
    const view = jobBatchView(job('j', ['done', 'generating', 'waiting', 'done']));
    expect(view.lines.map((line) => line.status)).toEqual(['done', 'generating', 'waiting', 'done']);
    expect(view.images.map((image) => image.storagePath)).toEqual(['generations/u/j/0.jpg', 'generations/u/j/3.jpg']);
    expect(view.images.map((image) => image.id)).toEqual(['j-0', 'j-1']);
    expect(view).toMatchObject({ state: 'running', numberOfViews: 4, modelLabel: 'Standard', canCancel: false, message: null });
  });

  it('offers Cancel only while no view has started', () => {
    expect(canCancelJob(job('j', ['waiting', 'waiting']))).toBe(true);
    expect(canCancelJob(job('j', ['generating', 'waiting']))).toBe(false);
    expect(canCancelJob(job('j', ['waiting'], { status: 'cancelled' }))).toBe(false);
  });

  it('says why a failed job failed and that the credits came back', () => {
    const failed = job('j', ['failed', 'failed'], { failureReason: 'blocked', creditsRefunded: 2 });
    expect(jobEndMessage(failed)).toBe(
      `${studioMessages.allGenerationsFailed}. ${studioMessages.failureReasons.blocked} ${studioMessages.refunded(2)}`,
    );
    // Without a job-level reason, a view's reason speaks; without a refund, no refund text.
    expect(jobEndMessage(job('j', ['failed']))).toBe(`${studioMessages.allGenerationsFailed}. ${studioMessages.failureReasons.timeout}`);
    expect(jobEndMessage(job('j', ['waiting'], { status: 'cancelled', creditsRefunded: 2 }))).toBe(studioMessages.cancelled(2));
    expect(jobEndMessage(job('j', ['done']))).toBeNull();
  });

  it('counts the jobs in flight', () => {
    expect(unfinishedCount([job('a', ['waiting']), job('b', ['done']), job('c', ['generating'])])).toBe(2);
    expect(unfinishedCount(undefined)).toBe(0);
  });
});

describe('which snapshot is the newest', () => {
  it('moves forward only: a late, older snapshot never replaces a newer one', () => {
    const early = job('j', ['waiting', 'waiting']);
    const later = job('j', ['done', 'generating']);
    const ended = job('j', ['done', 'done']);
    expect(isNewerSnapshot(later, early)).toBe(true);
    expect(isNewerSnapshot(early, later)).toBe(false);
    expect(isNewerSnapshot(later, ended)).toBe(false);
    expect(isNewerSnapshot(ended, ended)).toBe(true);
    expect(isNewerSnapshot(early, undefined)).toBe(true);
  });
});

describe('the history as drawn', () => {
  it('puts running and failed jobs between the batches by time, and a done job as its batch', () => {
    const batches = [listed('b1', '2026-11-22T09:00:00.000Z'), listed('b2', '2026-11-22T11:00:00.000Z')];
    const running = job('r', ['generating'], { createdAt: '2026-11-22T10:00:00.000Z' });
    const done = job('d', ['done', 'failed'], { createdAt: '2026-11-22T12:00:00.000Z' });
    const entries = historyEntries(batches, [running, done], (id) => (id === 'r' ? ['blob:ref'] : []));
    expect(entries.map((entry) => (entry.kind === 'batch' ? `batch:${entry.batch.id}` : `job:${entry.job.id}`))).toEqual([
      'batch:b1',
      'job:r',
      'batch:b2',
      'batch:d',
    ]);
    const runningEntry = entries[1];
    expect(runningEntry?.kind === 'job' && runningEntry.job.referenceUrls).toEqual(['blob:ref']);
  });

  it('keeps the listed batch of a done job (likes and all), and shows a failed job instead of its empty listing', () => {
    const batches = [listed('d', '2026-11-22T12:00:00.000Z'), listed('f', '2026-11-22T13:00:00.000Z')];
    const entries = historyEntries(batches, [job('d', ['done']), job('f', ['failed'], { createdAt: '2026-11-22T13:00:00.000Z' })]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ kind: 'batch', batch: { id: 'd', liked: true } });
    expect(entries[1]).toMatchObject({ kind: 'job', job: { id: 'f', state: 'failed' } });
  });

  it('turns a done job into a batch from its answer when it has one, else from its views', () => {
    const fromViews = batchFromJob(job('d', ['done', 'failed', 'done']));
    expect(fromViews.images.map((image) => image.url)).toEqual([
      '/media/generations/u/d/0.jpg?exp=1&sig=s',
      '/media/generations/u/d/2.jpg?exp=1&sig=s',
    ]);
    expect(fromViews).toMatchObject({ model: 'Standard', liked: false, preview: false });
  });
});

describe('a batch that came back with fewer images than asked', () => {
  it('says how many of its views failed, in the default words, and nothing when all came back or none did', () => {
    expect(partialFailureMessage(job('p', ['done', 'failed', 'done', 'failed']))).toBe('2 of 4 views failed. Image generation failed. Please try again.');
    expect(partialFailureMessage(job('a', ['done', 'done']))).toBeNull();
    // All failed: the job's own message says so, with its refund (jobEndMessage).
    expect(partialFailureMessage(job('f', ['failed', 'failed']))).toBeNull();
    expect(partialFailureMessage(job('r', ['done', 'generating']))).toBeNull();
  });

  it('keeps the notice on its batch whether the batch comes from the job or from the list', () => {
    const partial = job('p', ['done', 'failed']);
    expect(batchFromJob(partial).notice).toBe('1 of 2 views failed. Image generation failed. Please try again.');
    const fromList = historyEntries([listed('p', partial.createdAt), listed('q', partial.createdAt)], [partial]);
    expect(fromList.map((entry) => entry.kind === 'batch' && { id: entry.batch.id, liked: entry.batch.liked, notice: entry.batch.notice ?? null })).toEqual([
      { id: 'p', liked: true, notice: '1 of 2 views failed. Image generation failed. Please try again.' },
      { id: 'q', liked: true, notice: null },
    ]);
  });
});

describe('reference thumbnails', () => {
  it('keep showing on a batch this tab started, once the job is done and listed', () => {
    const entries = historyEntries([listed('d', '2026-11-22T12:00:00.000Z')], [job('d', ['done'])], () => ['blob:ref']);
    expect(entries[0]).toMatchObject({ kind: 'batch', batch: { id: 'd', referenceUrls: ['blob:ref'] } });
  });
});
