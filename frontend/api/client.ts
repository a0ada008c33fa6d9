/**
 * The app's one API client: `hc` over the Worker's route types (worker/app.ts `Api`), with one
 * authenticated fetch and one place where a failed answer becomes an ApiError.
 */
import { DetailedError, hc, parseResponse, type ClientResponse } from 'hono/client';
import { authMessages } from '#shared/messages/auth';
import { D1_BOOKMARK_HEADER } from '#shared/edge';
import type { Api } from '../../worker/app';
import { currentWorkspaceId } from '../workspaces/current-space';
import { tokenSource } from './token-source';

/** A failed API call: the server's code and user-facing message, or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/**
 * The newest D1 bookmark the Worker answered (docs/decisions/0045-read-replicas-and-bookmarks.md):
 * sent with every call, so a read served by a replica is never older than this tab's own writes.
 */
let bookmark: string | null = null;

export function currentBookmark(): string | null {
  return bookmark;
}

function withToken(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (bookmark) headers.set(D1_BOOKMARK_HEADER, bookmark);
  return { ...init, headers, credentials: 'same-origin' };
}

async function send(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    bookmark = response.headers.get(D1_BOOKMARK_HEADER) ?? bookmark;
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', authMessages.genericError);
  }
}

/** A call without the access token: signing in, and the renewal itself. */
async function tokenlessFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return send(input, withToken(init, null));
}

/**
 * The routes that act in a space (docs/api.md "Workspaces (teams)"), by path prefix: the caller's
 * things — generations and their edits, upscales and masters, projects with their review links and
 * feedback, jobs, downloads, the ledger, orders and purchases. The live ticket is not among them:
 * each socket names its space itself (realtime/store.ts).
 */
const SPACE_ROUTES = [
  '/api/generate',
  '/api/generations',
  '/api/projects',
  '/api/review-links',
  '/api/review-comments',
  '/api/jobs',
  '/api/downloads',
  '/api/me/ledger',
  '/api/payments/orders',
  '/api/payments/purchases',
];

/**
 * The one place a call gets the current space: a route that acts in one is sent the current
 * workspace's id, unless the call names a space itself; nothing in the personal space.
 */
export function inCurrentSpace(input: RequestInfo | URL, workspaceId: string | null = currentWorkspaceId()): RequestInfo | URL {
  if (workspaceId === null || input instanceof Request) return input;
  const url = new URL(input, 'http://app.invalid');
  const inSpace = SPACE_ROUTES.some((route) => url.pathname === route || url.pathname.startsWith(`${route}/`));
  if (!inSpace || url.searchParams.has('workspaceId')) return input;
  url.searchParams.set('workspaceId', workspaceId);
  return typeof input === 'string' && !/^[a-z]+:/i.test(input) ? `${url.pathname}${url.search}${url.hash}` : url;
}

/**
 * THE authenticated fetch in `workspaceId`'s space: the access token when there is one, renewed
 * once on a 401; the space is read once, so a renewed call goes where the first went.
 */
async function fetchInSpace(workspaceId: string | null, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const target = inCurrentSpace(input, workspaceId);
  const session = tokenSource();
  const token = session?.accessToken() ?? null;
  const response = await send(target, withToken(init, token));
  if (response.status !== 401 || !token || !session) return response;
  const renewed = await session.renew();
  return renewed ? send(target, withToken(init, renewed)) : response;
}

/** Every call goes to the tab's current space. */
const authenticatedFetch = (input: RequestInfo | URL, init?: RequestInit) => fetchInSpace(currentWorkspaceId(), input, init);

/** Every route of the Worker, typed: `api.gallery.$get({ query })`, `api.generations[':id'].$patch(…)`. */
// Annotated, so the compiler names the client's type instead of spelling out every route in it
// (the spelled-out type outgrew what a declaration may hold).
type ApiClient = ReturnType<typeof hc<Api>>['api'];
export const api: ApiClient = hc<Api>('/', { fetch: authenticatedFetch }).api;

/** Per-call options of the calls that must not send (or renew) the access token. */
export const withoutToken = { fetch: tokenlessFetch };

/** Whether a call failed as a 404: gone, never the caller's, or not in this space. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The answer, or null when it is a 404: something a space does not hold. */
export function orMissing<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
}

/** Per-call options of a call made in another space than the tab's (null: the personal space). */
export const inSpace = (workspaceId: string | null) => ({ fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchInSpace(workspaceId, input, init) });

function isErrorBody(body: unknown): body is { error: { code: string; message: string; field?: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message !== '' && 'code' in error && typeof error.code === 'string';
}

/** The one place where an unsuccessful answer becomes an ApiError (a non-JSON body gets the generic text). */
export function toApiError(status: number, body: unknown): ApiError {
  if (!isErrorBody(body)) return new ApiError(status, 'http_error', authMessages.genericError);
  const { code, message, field } = body.error;
  return new ApiError(status, code, message, typeof field === 'string' ? field : undefined);
}

/** The parsed body hono's DetailedError carries, if any. */
function detailData(detail: unknown): unknown {
  return typeof detail === 'object' && detail !== null && 'data' in detail ? detail.data : undefined;
}

/**
 * The body of a successful answer, typed by its route (undefined for a 204); anything else
 * throws an ApiError.
 */
export function ok<R extends ClientResponse<unknown>>(response: R | Promise<R>): ReturnType<typeof parseResponse<R>> {
  return parseResponse(response).catch((error: unknown) => {
    if (error instanceof DetailedError) throw toApiError(Number(error.statusCode), detailData(error.detail));
    throw error;
  });
}

export function errorMessage(error: unknown, fallback: string = authMessages.genericError): string {
  return error instanceof ApiError ? error.message : fallback;
}
