/** JobSnapshots for the frontend tests, as the Worker sends them (shared/job-types.ts). */
import type { GeneratedImage } from '#shared/api-types';
import type { JobSnapshot, JobView, ViewState } from '#shared/job-types';

export function jobImage(jobId: string, index: number): GeneratedImage {
  return {
    url: `/media/generations/u/${jobId}/${index}.jpg?exp=1&sig=s`,
    thumbnailUrl: `/media/generations/u/${jobId}/${index}-thumb.jpg?exp=1&sig=s`,
    storagePath: `generations/u/${jobId}/${index}.jpg`,
    seed: index,
    index,
    width: 576,
    height: 1024,
    placeholder: '',
    renditions: [],
  };
}

/** A job whose views stand as `states` say; done views carry their image. */
export function job(id: string, states: ViewState[], overrides: Partial<JobSnapshot> = {}): JobSnapshot {
  const views: JobView[] = states.map((status, index) => ({
    index,
    status,
    ...(status === 'done' ? { image: jobImage(id, index) } : {}),
    ...(status === 'failed' ? { failureReason: 'timeout' as const } : {}),
  }));
  const allSettled = states.every((state) => state === 'done' || state === 'failed');
  const anyStarted = states.some((state) => state !== 'waiting');
  return {
    id,
    status: allSettled ? (states.includes('done') ? 'done' : 'failed') : anyStarted ? 'running' : 'queued',
    prompt: 'A glass house',
    model: 'standard',
    aspectRatio: '9:16',
    resolution: '1K',
    generationType: 'text-to-image',
    numberOfViews: states.length,
    createdAt: '2026-11-22T10:00:00.000Z',
    creditsCharged: 2,
    creditsRefunded: 0,
    views,
    ...overrides,
  };
}
