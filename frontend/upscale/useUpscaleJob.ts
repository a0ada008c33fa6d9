import { useQuery } from '@tanstack/react-query';
import type { JobSnapshot } from '#shared/job-types';
import { jobsQuery } from '../queries/jobs';
import { isLiveOpen } from '../realtime/store';
import { unfinishedCount } from '../studio/jobs';
import { JOBS_POLL_MS } from '../ui/timings';
import { useSpaceOwner } from '../workspaces/hooks';

/**
 * The upscale jobs a screen asked for, as the jobs cache holds them: kept current by the live
 * connection, and read again every few seconds while it is down and one of them runs (as the
 * project page's jobs are).
 */
export function useUpscaleJobs(jobIds: readonly string[]): ReadonlyMap<string, JobSnapshot> {
  const ownerId = useSpaceOwner();
  const jobs = useQuery({
    ...jobsQuery(ownerId),
    enabled: ownerId !== '' && jobIds.length > 0,
    refetchInterval: (current) => (unfinishedCount(current.state.data) > 0 && !isLiveOpen() ? JOBS_POLL_MS : false),
  });
  return new Map((jobs.data ?? []).filter((job) => jobIds.includes(job.id)).map((job) => [job.id, job]));
}
