/**
 * The caller's generation jobs in the query cache, and what a job's change does to every other
 * cache (docs/decisions/0052-studio-on-generation-jobs.md): the jobs list keeps the newest
 * snapshot of each job; a finished job joins the studio's history at once and the dashboard's
 * list re-reads; the credits follow the job's answer. Snapshots come from POST /api/generate,
 * the live connection and GET /api/jobs alike, in any order.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isJobEnded, type JobSnapshot } from '#shared/job-types';
import { fetchJobs } from '../api/jobs';
import { batchFromJob, isNewerSnapshot } from '../studio/jobs';
import { dashboardKeys } from './dashboard';
import { addToHistories, learnVersionName } from './history';
import { applyBalance } from './profile';
import { projectKeys } from './projects';
import { isDeleted } from './tombstones';
import { spaceOwner } from '../workspaces/current-space';

export const jobKeys = {
  /** The jobs of every user. */
  all: ['jobs'] as const,
  /** A space's unfinished and recent generation jobs (GET /api/jobs, kept current by the live connection). */
  of: (owner: string) => ['jobs', owner] as const,
};

/** Jobs kept in the cache: every unfinished one, and this many of the newest ended ones. */
export const RECENT_ENDED_JOBS = 10;

/** Keeps the list small: unfinished jobs always, the newest ended ones up to the limit; oldest first. */
function trimmed(jobs: JobSnapshot[]): JobSnapshot[] {
  const ordered = [...jobs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const ended = ordered.filter((job) => isJobEnded(job.status));
  const dropped = new Set(ended.slice(0, Math.max(0, ended.length - RECENT_ENDED_JOBS)).map((job) => job.id));
  return ordered.filter((job) => !dropped.has(job.id));
}

/** One snapshot into the list: it replaces the held one unless it is older (or its generation was deleted). */
export function withJob(jobs: JobSnapshot[] | undefined, job: JobSnapshot): JobSnapshot[] {
  if (isDeleted(job.id)) return jobs ?? [];
  const held = (jobs ?? []).find((known) => known.id === job.id);
  if (held && !isNewerSnapshot(job, held)) return jobs ?? [];
  return trimmed([...(jobs ?? []).filter((known) => known.id !== job.id), job]);
}

/** A list read from the server over the held one: per job the newer snapshot; jobs it lacks stay. */
export function mergeJobs(held: JobSnapshot[] | undefined, loaded: JobSnapshot[]): JobSnapshot[] {
  return loaded.reduce<JobSnapshot[]>((jobs, job) => withJob(jobs, job), held ?? []);
}

/** The jobs of one space (`owner`: workspaces/current-space.ts spaceOwner). */
export function jobsQuery(owner: string) {
  return queryOptions({
    queryKey: jobKeys.of(owner),
    // A read merges into the list held when it lands, so a snapshot the socket brought while it
    // was in flight survives (the list held when it began would drop that snapshot). Not as
    // structuralSharing: that runs on setQueryData too, and would bring back a job a delete had
    // just removed.
    queryFn: async ({ client, queryKey }) => {
      const loaded = await fetchJobs();
      return mergeJobs(client.getQueryData<JobSnapshot[]>(queryKey), loaded);
    },
  });
}

/** The balance a finished job's answer carries (null for enterprise, absent while it runs). */
function creditsAfter(job: JobSnapshot): number | null {
  const left = job.result?.creditsLeft;
  return typeof left === 'number' ? left : null;
}

/** What one snapshot changes in every cache of its space (an older one changes nothing). */
export function applyJob(client: QueryClient, userId: string, job: JobSnapshot): void {
  // A job made in a workspace is that workspace's, whichever space the tab shows.
  const owner = spaceOwner(userId, job.workspaceId);
  const key = jobKeys.of(owner);
  const before = client.getQueryData<JobSnapshot[]>(key);
  const held = before?.find((known) => known.id === job.id);
  const next = withJob(before, job);
  if (next === before) return;
  client.setQueryData(key, next);
  const endsNow = isJobEnded(job.status) && !(held && isJobEnded(held.status));
  if (!endsNow) return;
  if (job.status === 'done') {
    // A history that already lists it (re-read meanwhile) keeps its own entry, likes and all.
    const batch = batchFromJob(job);
    addToHistories(client, owner, batch, (batches) => batches.some((known) => known.id === job.id));
    void learnVersionName(client, owner, batch);
  }
  // The dashboard lists carry fields a job does not (visibility, likes): they re-read when shown.
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
  // A generation made in a project joins its version tree.
  void client.invalidateQueries({ queryKey: projectKeys.all });
  applyBalance(client, userId, { credits: creditsAfter(job), workspaceId: job.workspaceId });
}

/**
 * Whether a socket's greeting (the space's unfinished jobs) lacks a job this tab holds as
 * unfinished: that job ended after the tab last read it and before the socket opened, and its end
 * was told to no socket of this tab.
 */
export function greetingMissesAnEnd(held: JobSnapshot[] | undefined, greeting: JobSnapshot[]): boolean {
  const listed = new Set(greeting.map((job) => job.id));
  return (held ?? []).some((job) => !isJobEnded(job.status) && !listed.has(job.id));
}

/** Every snapshot of a `jobs` message (a socket opened, or GET /api/jobs answered). */
export function applyJobs(client: QueryClient, userId: string, jobs: JobSnapshot[]): void {
  for (const job of jobs) applyJob(client, userId, job);
}
