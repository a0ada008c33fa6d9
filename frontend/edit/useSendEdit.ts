/**
 * Send as a mutation: the mask becomes its PNG, POST …/edits asks for a job with this press's
 * Idempotency-Key (retried with the same key after a lost answer or a 5xx), and the accepted job
 * joins the jobs cache, where the studio's history and the project page show its progress and
 * the live connection carries it to the end (frontend/queries/jobs.ts). Errors stay in the
 * editor, with the painted mask, for the user to fix and send again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyAcceptedJob } from '../queries/job-routes';
import { notify } from '../shell/notices';
import { newIdempotencyKey, sendOnce } from '../studio/idempotency';
import { postRegionEdit } from './api';
import { editCopy } from './copy';
import type { Mask } from './mask';
import { maskPng, toBase64 } from './png';
import type { EditTarget } from './target';

export interface EditDraft {
  mask: Mask;
  instruction: string;
}

export function useSendEdit(target: EditTarget, onSent: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ mask, instruction }: EditDraft) => {
      const png = toBase64(await maskPng(mask));
      return sendOnce((key) => postRegionEdit(target, { instruction, mask: png }, key), newIdempotencyKey());
    },
    onSuccess: (accepted) => {
      applyAcceptedJob(client, accepted);
      notify(editCopy.queued, { tone: 'success' });
      onSent();
    },
  });
}
