/**
 * Test data made only through the app's real API, from the test runner, on the origin the pages
 * load from: accounts, generations, uploads, purchases and projects. Loopback is exempt from the
 * sign-up rate limit (worker/auth/signup-guard.ts), so every test can afford accounts of its own.
 */
import type { AuthResponse, GenerateSuccessResponse } from '#shared/api-types';
import { CREDIT_PRICE_INR } from '#shared/limits';
import { priceInRupees } from '#shared/payments';
import type { AssignableRole } from '#shared/workspace-rules';
import type { CreatedInvitation, WorkspaceSummary } from '#shared/workspace-types';

export const PASSWORD = 'a good long password';

/** The app under test, started by playwright.config.ts (its environment reaches every worker). */
export function appUrl(): string {
  const port = process.env.PARTI_TEST_PORT;
  if (!port) throw new Error('PARTI_TEST_PORT is not set: run the browser tests through `npx playwright test`');
  return `http://localhost:${port}`;
}

let counter = 0;
export function uniqueEmail(prefix = 'browser'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.env.TEST_WORKER_INDEX ?? 'setup'}-${counter}@example.com`;
}

/** A word no other test's prompt contains, so searches see only that test's generations. */
export function uniqueWord(): string {
  return `qz${Math.random().toString(36).slice(2, 8)}`;
}

export interface Account {
  email: string;
  password: string;
}

/** An account with an access token of its own session, for API calls beside the page. */
export interface ApiUser extends Account {
  id: string;
  token: string;
}

export function apiUserFrom(account: Account, auth: AuthResponse): ApiUser {
  return { ...account, id: auth.user.id, token: auth.session.access_token };
}

/** Any API call; JSON bodies are sent as JSON, FormData as it is. */
export async function apiCall(path: string, token: string | null, method = 'GET', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const payload = body === undefined || body instanceof FormData ? body : JSON.stringify(body);
  const response = await fetch(`${appUrl()}${path}`, { method, headers, body: payload });
  // wrangler dev reloads the Worker when the build it serves changes (a build in the same checkout)
  // and answers 503 to the request in flight; that request never ran, so it is sent again.
  return response.status === 503 ? fetch(`${appUrl()}${path}`, { method, headers, body: payload }) : response;
}

/** An API call that must succeed; its JSON answer (null for a 204). */
export async function apiJson<T>(path: string, token: string | null, method = 'GET', body?: unknown): Promise<T> {
  const response = await apiCall(path, token, method, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function apiSignUp(email = uniqueEmail('api')): Promise<ApiUser> {
  const account = { email, password: PASSWORD };
  return apiUserFrom(account, await apiJson<AuthResponse>('/api/auth/signup', null, 'POST', account));
}

export interface GenerateOptions {
  views?: number;
  model?: 'fast' | 'standard' | 'ultra' | 'concept';
  aspectRatio?: string;
  projectId?: string;
  parentId?: string;
  referenceImages?: string[];
  /** Made in this team workspace, paid from its pool. */
  workspaceId?: string;
}

/** One generation through POST /api/generate, answered when its views are done (the preview engine renders offline). */
export function apiGeneration(user: ApiUser, prompt: string, options: GenerateOptions = {}): Promise<GenerateSuccessResponse> {
  const { views = 1, model = 'fast', aspectRatio = '1:1', ...placement } = options;
  return apiJson<GenerateSuccessResponse>('/api/generate', user.token, 'POST', { prompt, model, numberOfViews: views, aspectRatio, ...placement });
}

/** The id of a new generation (apiGeneration). */
export async function apiGenerate(user: ApiUser, prompt: string, options: GenerateOptions = {}): Promise<string> {
  return (await apiGeneration(user, prompt, options)).generationId;
}

/** Uploads a reference image (POST /api/uploads) and returns its R2 path. */
export async function apiUpload(user: ApiUser, png: Uint8Array<ArrayBuffer>): Promise<string> {
  const form = new FormData();
  form.set('file', new File([png], 'reference.png', { type: 'image/png' }));
  return (await apiJson<{ path: string }>('/api/uploads', user.token, 'POST', form)).path;
}

/** A test-mode purchase (docs/decisions/0010-payment-test-mode.md): order, then completion through the granting code. */
export async function apiBuyCredits(user: ApiUser, credits: number): Promise<void> {
  const order = await apiJson<{ orderId: string; mode: string }>('/api/payments/orders', user.token, 'POST', {
    credits,
    amount: credits * CREDIT_PRICE_INR,
  });
  if (order.mode !== 'test') throw new Error('the browser tests expect test-mode payments');
  await apiJson('/api/payments/test/complete', user.token, 'POST', { orderId: order.orderId });
}

/** A project with a brief, made as the Projects view would (in a team workspace with `workspaceId`). */
export async function apiProject(user: ApiUser, name: string, brief?: Record<string, string>, workspaceId?: string): Promise<string> {
  return (await apiJson<{ id: string }>('/api/projects', user.token, 'POST', { name, ...(brief ? { brief } : {}), ...(workspaceId ? { workspaceId } : {}) })).id;
}

/** A team workspace `owner` owns (docs/api.md "Workspaces (teams)"). */
export function apiWorkspace(owner: ApiUser, name: string): Promise<WorkspaceSummary> {
  return apiJson<WorkspaceSummary>('/api/workspaces', owner.token, 'POST', { name });
}

/** `invitee` joins `workspaceId` as `role` through an invitation `inviter` makes. */
export async function apiJoin(inviter: ApiUser, workspaceId: string, invitee: ApiUser, role: AssignableRole = 'member'): Promise<void> {
  const invitation = await apiJson<CreatedInvitation>(`/api/workspaces/${workspaceId}/invitations`, inviter.token, 'POST', { email: invitee.email, role });
  await apiJson(`/api/invitations/${invitation.token}/accept`, invitee.token, 'POST');
}

/** A test-mode purchase of `credits` for a workspace's pool, by its owner. */
export async function apiBuyPoolCredits(owner: ApiUser, workspaceId: string, credits: number): Promise<void> {
  const order = await apiJson<{ orderId: string }>('/api/payments/orders', owner.token, 'POST', { credits, amount: priceInRupees(credits), workspaceId });
  await apiJson('/api/payments/test/complete', owner.token, 'POST', { orderId: order.orderId });
}

/** Lets `views` more views of a held prompt render (worker/studio/engines/preview-hold.ts). */
export async function releasePreviewViews(prompt: string, views: number): Promise<void> {
  await apiJson('/api/test/preview-holds/release', null, 'POST', { prompt, views });
}
