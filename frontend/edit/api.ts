/**
 * POST /api/generations/:id/images/:index/edits (docs/decisions/0084-region-edit.md), asked for as a
 * job like POST /api/generate: `Prefer: respond-async` and one Idempotency-Key per press of Send, so
 * a retry after a lost answer names the same job.
 */
import type { GenerateAcceptedResponse } from '#shared/job-types';
import type { RegionEditBody } from '#shared/region-edit';
import { api, toApiError } from '../api/client';
import { retryAfterSeconds, TooManyRequests } from '../api/jobs';
import type { EditTarget } from './target';

/** A job (202), or, from a Worker that waited for the result, the edit already made. */
export type EditAnswer = { kind: 'accepted'; accepted: GenerateAcceptedResponse } | { kind: 'answered' };

export async function postRegionEdit(target: EditTarget, body: RegionEditBody, idempotencyKey: string): Promise<EditAnswer> {
  const response = await api.generations[':id'].images[':index'].edits.$post(
    { param: { id: target.generationId, index: String(target.imageIndex) }, json: body },
    { headers: { Prefer: 'respond-async', 'Idempotency-Key': idempotencyKey } },
  );
  if (response.status === 202) return { kind: 'accepted', accepted: await response.json() };
  if (response.ok) return { kind: 'answered' };
  const error = toApiError(response.status, await response.json().catch(() => null));
  if (response.status === 429) throw new TooManyRequests(error, retryAfterSeconds(response.headers.get('Retry-After')));
  throw error;
}
