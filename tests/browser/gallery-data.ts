/** Test data for the gallery and dashboard browser tests, made only through the real API. */
import type { AuthResponse, GenerateSuccessResponse } from '../../worker/domain/api-types';
import { baseUrl, uniqueEmail } from './browser';

export const PASSWORD = 'a good long password';

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
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

export async function apiCall(path: string, token: string, method = 'GET', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${baseUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A word no other test's prompt contains, so searches see only this file's generations. */
export function uniqueWord(): string {
  return `qz${Math.random().toString(36).slice(2, 8)}`;
}
