/**
 * The ZIP routes of docs/api.md ("Print resolution, upscale, downloads") and the PNG master, through
 * the typed client. Each answer is read as a stream by ./stream-download.ts, so these hand back the
 * answer itself, unread.
 */
import { api, withoutToken } from '../api/client';

/** What a download reads of an answer: its status and headers, then its body (or its error). */
export type DownloadResponse = Pick<Response, 'ok' | 'status' | 'headers' | 'body' | 'json' | 'arrayBuffer'>;

/** Every image of one of the caller's projects. */
export function requestProjectZip(projectId: string, signal: AbortSignal): Promise<DownloadResponse> {
  return api.projects[':id'].download.$get({ param: { id: projectId } }, { init: { signal } });
}

/** The chosen generations (at most DOWNLOAD_MAX_GENERATIONS, all the caller's). */
export function requestSelectionZip(generationIds: readonly string[], signal: AbortSignal): Promise<DownloadResponse> {
  return api.downloads.$post({ json: { generationIds: [...generationIds] } }, { init: { signal } });
}

/** A review link's images, when the link allows downloads; no sign-in, so no token. */
export function requestReviewZip(token: string, signal: AbortSignal): Promise<DownloadResponse> {
  return api.review[':token'].download.$get({ param: { token } }, { ...withoutToken, init: { signal } });
}

/** GET /api/generations/:id/images/:index/master: the lossless PNG of one of the caller's images (paid plans). */
export function requestMaster(generationId: string, imageIndex: number, signal?: AbortSignal): Promise<DownloadResponse> {
  return api.generations[':id'].images[':index'].master.$get({ param: { id: generationId, index: String(imageIndex) } }, signal ? { init: { signal } } : {});
}
