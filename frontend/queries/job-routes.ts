import type { QueryClient } from '@tanstack/react-query';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { useAuth } from '../auth/store';
import { applyJob } from './jobs';
import { applyBalance } from './profile';
import { useSentJobs } from './sent-jobs';

/**
 * What a job route's answer (a region edit, an upscale) changes: the accepted job joins the jobs
 * cache, with the balance after its charge, and this tab remembers sending it.
 */
export function applyAcceptedJob(client: QueryClient, accepted: GenerateAcceptedResponse): void {
  const userId = useAuth.getState().userId;
  useSentJobs.getState().sent(accepted.job.id);
  if (!userId) return;
  applyJob(client, userId, accepted.job);
  applyBalance(client, userId, { credits: accepted.creditsLeft, workspaceId: accepted.job.workspaceId });
}
