/**
 * POST /api/generations/:id/images/:index/upscale (api.md "Print resolution, upscale, downloads"),
 * asked for as a job like an edit: `Prefer: respond-async` and one Idempotency-Key per press. The
 * route is the Worker's print work; when it is in the app's types this becomes
 * `api.generations[':id'].images[':index'].upscale.$post`.
 */
import { postJobRoute, type JobRouteAnswer } from '../api/jobs';
import type { UpscaleTarget } from './target';

/** An upscale has nothing to choose: its body is empty. */
const EMPTY_BODY = {};

export function postUpscale(target: Pick<UpscaleTarget, 'generationId' | 'imageIndex'>, idempotencyKey: string): Promise<JobRouteAnswer> {
  const path = `/api/generations/${encodeURIComponent(target.generationId)}/images/${target.imageIndex}/upscale`;
  return postJobRoute(path, EMPTY_BODY, idempotencyKey);
}
