/**
 * A press of "Upscale ×2" as a mutation: POST …/upscale with this press's Idempotency-Key
 * (retried with the same key after a lost answer or a 5xx), then the accepted job joins the jobs
 * cache as an edit's does (frontend/queries/job-routes.ts): the studio's history and the project
 * page show it on its way, and the finished version joins the tree.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api/client';
import { applyAcceptedJob } from '../queries/job-routes';
import { notify } from '../shell/notices';
import { newIdempotencyKey, sendOnce } from '../studio/idempotency';
import { postUpscale } from './api';
import { upscaleCopy } from './copy';
import type { UpscaleTarget } from './target';

export function useUpscale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: UpscaleTarget) => sendOnce((key) => postUpscale(target, key), newIdempotencyKey()),
    onSuccess: (accepted) => {
      applyAcceptedJob(client, accepted);
      notify(upscaleCopy.queued, { tone: 'success' });
    },
    onError: (error) => notify(errorMessage(error, upscaleCopy.failed), { tone: 'error' }),
  });
}
