/**
 * The ZIP routes of api.md ("Print resolution, upscale, downloads") and the PNG master. Each answer
 * is read as a stream by frontend/downloads/stream-download.ts, so these hand back the Response
 * itself. The routes are the Worker's print work, whose types the app's client gains when it
 * lands: then these become `api.projects[':id'].download.$get`, `api.downloads.$post` and
 * `api.review[':token'].download.$get`.
 */
import { authenticatedFetch } from '../api/client';

/** GET /api/generations/:id/images/:index/master: the lossless PNG of one of the caller's images (api.md "Region edit"). */
export function masterUrl(generationId: string, imageIndex: number): string {
  return `/api/generations/${encodeURIComponent(generationId)}/images/${imageIndex}/master`;
}

/** Every image of one of the caller's projects. */
export function requestProjectZip(projectId: string, signal: AbortSignal): Promise<Response> {
  return authenticatedFetch(`/api/projects/${encodeURIComponent(projectId)}/download`, { signal });
}

/** The chosen generations (at most DOWNLOAD_MAX_GENERATIONS, all the caller's). */
export function requestSelectionZip(generationIds: readonly string[], signal: AbortSignal): Promise<Response> {
  return authenticatedFetch('/api/downloads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ generationIds }),
    signal,
  });
}

/** A review link's images, when the link allows downloads; no sign-in, so no token. */
export function requestReviewZip(token: string, signal: AbortSignal): Promise<Response> {
  return fetch(`/api/review/${encodeURIComponent(token)}/download`, { credentials: 'omit', signal });
}

/** The lossless PNG master of one of the caller's images (paid plans). */
export function requestMaster(generationId: string, imageIndex: number, signal?: AbortSignal): Promise<Response> {
  return authenticatedFetch(masterUrl(generationId, imageIndex), { signal });
}
