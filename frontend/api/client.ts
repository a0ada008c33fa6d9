import type { ApiErrorBody } from '#shared/api-types';
import { authMessages } from '#shared/messages';

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

/** How the client gets and renews the access token; the auth store plugs itself in. */
export interface TokenSource {
  accessToken(): string | null;
  /** Renews the session and returns the new access token, or null when signed out. */
  renew(): Promise<string | null>;
}

let tokenSource: TokenSource | null = null;

export function useTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the access token (and renew it once on a 401). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

function buildInit(options: RequestOptions, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' };
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error?.message) {
      return new ApiError(response.status, body.error.code, body.error.message, body.error.field);
    }
  } catch {
    // Not our JSON error shape (a proxy or the network answered); fall through.
  }
  return new ApiError(response.status, 'http_error', authMessages.genericError);
}

/** The one typed fetch layer of the app: JSON in and out, the API's error shape as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  let token = useAuth ? (tokenSource?.accessToken() ?? null) : null;
  let response = await send(path, buildInit(options, token));
  if (response.status === 401 && useAuth && token && tokenSource) {
    token = await tokenSource.renew();
    if (token) response = await send(path, buildInit(options, token));
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', authMessages.genericError);
  }
}

export function errorMessage(error: unknown, fallback: string = authMessages.genericError): string {
  return error instanceof ApiError ? error.message : fallback;
}
