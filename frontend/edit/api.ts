/**
 * POST /api/generations/:id/images/:index/edits (api.md "Region edit"), asked for as a job like
 * POST /api/generate: `Prefer: respond-async` and one Idempotency-Key per press of Send, so a retry
 * after a lost answer names the same job. The body and answer are the shared contract's types
 * (shared/region-edit.ts, shared/job-types.ts); the route is the Worker's region-edit work, whose
 * types the app's client gains when it lands: then this becomes
 * `api.generations[':id'].images[':index'].edits.$post`.
 */
import type { RegionEditBody } from '#shared/region-edit';
import { postJobRoute, type JobRouteAnswer } from '../api/jobs';
import type { EditTarget } from './target';

function editPath(target: Pick<EditTarget, 'generationId' | 'imageIndex'>): string {
  return `/api/generations/${encodeURIComponent(target.generationId)}/images/${target.imageIndex}/edits`;
}

export function postRegionEdit(target: EditTarget, body: RegionEditBody, idempotencyKey: string): Promise<JobRouteAnswer> {
  return postJobRoute(editPath(target), body, idempotencyKey);
}
