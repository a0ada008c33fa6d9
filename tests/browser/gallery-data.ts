/** Test data for the gallery and dashboard browser tests, made only through the real API. */
import type { AuthResponse, GenerateSuccessResponse } from '#shared/api-types';
import { appUrl as baseUrl, uniqueEmail } from './fixtures';

export const PASSWORD = 'a good long password';

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  // wrangler dev reloads the Worker when a source file changes (other work on this checkout)
  // and then answers 503 to the request in flight; that request never ran, so send it again.
  if (response.status === 503) response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ApiUser {
  email: string;
  id: string;
  token: string;
}

export async function apiSignUp(email = uniqueEmail('gallery')): Promise<ApiUser> {
  const result = await post<AuthResponse>('/api/auth/signup', { email, password: PASSWORD });
  return { email, id: result.user.id, token: result.session.access_token };
}

export async function apiLogIn(email: string): Promise<ApiUser> {
  const result = await post<AuthResponse>('/api/auth/login', { email, password: PASSWORD });
  return { email, id: result.user.id, token: result.session.access_token };
}

/** One Fast generation through POST /api/generate (the preview engine renders it offline). */
export async function apiGenerate(user: ApiUser, prompt: string, views = 1): Promise<string> {
  const result = await post<GenerateSuccessResponse>(
    '/api/generate',
    { prompt, model: 'fast', numberOfViews: views, aspectRatio: '1:1' },
    user.token,
  );
  return result.generationId;
}

/** Uploads a reference image (POST /api/uploads) and returns its R2 path. */
export async function apiUpload(user: ApiUser, png: Uint8Array<ArrayBuffer>): Promise<string> {
  const form = new FormData();
  form.set('file', new File([png], 'reference.png', { type: 'image/png' }));
  const response = await fetch(`${baseUrl()}/api/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { path: string }).path;
}

/** A Concept generation from one uploaded reference image. */
export async function apiGenerateFromReference(user: ApiUser, prompt: string, reference: string): Promise<string> {
  const result = await post<GenerateSuccessResponse>(
    '/api/generate',
    { prompt, model: 'concept', numberOfViews: 1, aspectRatio: '1:1', referenceImages: [reference] },
    user.token,
  );
  return result.generationId;
}

export async function apiCall(path: string, token: string, method = 'GET', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${baseUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A word no other test's prompt contains, so searches see only this file's generations. */
export function uniqueWord(): string {
  return `qz${Math.random().toString(36).slice(2, 8)}`;
}
