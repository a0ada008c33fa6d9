/**
 * POST /api/generations/:id/images/:index/upscale (docs/api.md "Print resolution, upscale,
 * downloads"), asked for as a job like an edit: `Prefer: respond-async` and one Idempotency-Key per
 * press. An upscale has nothing to choose: its body is empty.
 */
import { api } from '../api/client';
import { jobRouteHeaders, settledJobRoute, type JobRouteAnswer } from '../api/jobs';
import type { UpscaleTarget } from './target';

export async function postUpscale(target: Pick<UpscaleTarget, 'generationId' | 'imageIndex'>, idempotencyKey: string): Promise<JobRouteAnswer> {
  const response = await api.generations[':id'].images[':index'].upscale.$post(
    { param: { id: target.generationId, index: String(target.imageIndex) }, json: {} },
    jobRouteHeaders(idempotencyKey),
  );
  if (response.status === 202) return { kind: 'accepted', accepted: await response.json() };
  return settledJobRoute(response);
}
