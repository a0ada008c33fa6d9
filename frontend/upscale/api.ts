/**
 * POST /api/generations/:id/images/:index/upscale (docs/api.md "Print resolution, upscale,
 * downloads"), asked for as a job like an edit: `Prefer: respond-async` and one Idempotency-Key per
 * press. An upscale has nothing to choose: its body is empty.
 */
import { api } from '../api/client';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { jobRouteHeaders, jobRouteRefusal } from '../api/jobs';
import type { UpscaleTarget } from './target';

export async function postUpscale(target: Pick<UpscaleTarget, 'generationId' | 'imageIndex'>, idempotencyKey: string): Promise<GenerateAcceptedResponse> {
  const response = await api.generations[':id'].images[':index'].upscale.$post(
    { param: { id: target.generationId, index: String(target.imageIndex) }, json: {} },
    jobRouteHeaders(idempotencyKey),
  );
  if (response.status === 202) return response.json();
  return jobRouteRefusal(response);
}
