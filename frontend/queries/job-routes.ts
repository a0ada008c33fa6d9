import type { QueryClient } from '@tanstack/react-query';
import type { JobRouteAnswer } from '../api/jobs';
import { useAuth } from '../auth/store';
import { applyJob } from './jobs';
import { invalidateGenerationLists } from './generations';
import { applyBalance, reloadProfile } from './profile';
import { invalidateProjects } from './projects';
import { useSentJobs } from './sent-jobs';

/**
 * What a job route's answer (a region edit, an upscale) changes: the accepted job joins the jobs
 * cache, with the balance after its charge, and this tab remembers sending it; a Worker that waited
 * made the result already, so every list that may show it reads again.
 */
export function applyJobRouteAnswer(client: QueryClient, answer: JobRouteAnswer): void {
  const userId = useAuth.getState().userId;
  if (answer.kind === 'accepted') {
    const { job, creditsLeft } = answer.accepted;
    useSentJobs.getState().sent(job.id);
    if (!userId) return;
    applyJob(client, userId, job);
    applyBalance(client, userId, { credits: creditsLeft });
    return;
  }
  void invalidateProjects(client);
  void invalidateGenerationLists(client);
  if (userId) void reloadProfile(client, userId);
}
