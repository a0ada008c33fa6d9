/**
 * POST /api/generations/:id/images/:index/edits (docs/decisions/0084-region-edit.md), asked for as a
 * job like POST /api/generate: `Prefer: respond-async` and one Idempotency-Key per press of Send, so
 * a retry after a lost answer names the same job.
 */
import type { RegionEditBody } from '#shared/region-edit';
import { api } from '../api/client';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { jobRouteHeaders, jobRouteRefusal } from '../api/jobs';
import type { EditTarget } from './target';

export async function postRegionEdit(target: EditTarget, body: RegionEditBody, idempotencyKey: string): Promise<GenerateAcceptedResponse> {
  const response = await api.generations[':id'].images[':index'].edits.$post(
    { param: { id: target.generationId, index: String(target.imageIndex) }, json: body },
    jobRouteHeaders(idempotencyKey),
  );
  if (response.status === 202) return response.json();
  return jobRouteRefusal(response);
}
