import { env, exports } from 'cloudflare:workers';
import { testClient } from 'hono/testing';
import type { AuthResponse } from '#shared/api-types';
import { app } from '../../worker/app';

export const ORIGIN = 'https://parti.test';

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** Calls the Worker the way a browser would, through its real fetch handler. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body }));
}

/** The app through its own typed client (hono/testing): paths, inputs and answers as the contract has them. */
export const api = testClient(app, env).api;

/** Request options that send `token` as the bearer. */
export function bearer(token: string): { headers: { Authorization: string } } {
  return { headers: { Authorization: `Bearer ${token}` } };
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json());
}

/** The `name=value` pair of the refresh cookie a response set, ready for a Cookie header. */
export function refreshCookie(response: Response): string | undefined {
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('parti_refresh='));
  return setCookie?.split(';')[0];
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface SignedUp extends AuthResponse {
  email: string;
  password: string;
  token: string;
  cookie: string;
}

export async function signUp(email = uniqueEmail(), password = 'correct horse battery'): Promise<SignedUp> {
  const response = await call('/api/auth/signup', { method: 'POST', body: { email, password } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = await json<AuthResponse>(response);
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('sign-up set no refresh cookie');
  return { ...body, email, password, token: body.session.access_token, cookie };
}
