/**
 * POST /api/generations/:id/images/:index/edits (api.md "Region edit"), asked for as a job like
 * POST /api/generate: `Prefer: respond-async` and one Idempotency-Key per press of Send, so a retry
 * after a lost answer names the same job. The body and answer are the shared contract's types
 * (shared/region-edit.ts, shared/job-types.ts); the route is the Worker's region-edit work, whose
 * types the app's client gains when it lands: then this becomes
 * `api.generations[':id'].images[':index'].edits.$post`.
 */
import type { GenerateAcceptedResponse } from '#shared/job-types';
import type { RegionEditBody } from '#shared/region-edit';
import { authenticatedFetch, toApiError } from '../api/client';
import { retryAfterSeconds, TooManyRequests } from '../api/jobs';
import type { EditTarget } from './target';

/** A job (202), or, from a Worker that waited for the result, the edit already made. */
export type EditAnswer = { kind: 'accepted'; accepted: GenerateAcceptedResponse } | { kind: 'answered' };

function editPath(target: Pick<EditTarget, 'generationId' | 'imageIndex'>): string {
  return `/api/generations/${encodeURIComponent(target.generationId)}/images/${target.imageIndex}/edits`;
}

export async function postRegionEdit(target: EditTarget, body: RegionEditBody, idempotencyKey: string): Promise<EditAnswer> {
  const response = await authenticatedFetch(editPath(target), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Prefer: 'respond-async', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  if (response.status === 202) return { kind: 'accepted', accepted: (await response.json()) as GenerateAcceptedResponse };
  if (response.ok) return { kind: 'answered' };
  const error = toApiError(response.status, await response.json().catch(() => null));
  if (response.status === 429) throw new TooManyRequests(error, retryAfterSeconds(response.headers.get('Retry-After')));
  throw error;
}
