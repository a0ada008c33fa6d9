/** Helpers for the workspace tests: a practice with one member of each role, pools and ledgers read straight from D1. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { AssignableRole } from '#shared/workspace-rules';
import type { CreatedInvitation, WorkspaceSummary } from '#shared/workspace-types';
import { api, bearer, call, json, signUp, type SignedUp } from '../helpers';

export async function createWorkspace(owner: SignedUp, name = 'Studio Arc'): Promise<WorkspaceSummary> {
  const response = await api.workspaces.$post({ json: { name } }, bearer(owner.token));
  expect(response.status).toBe(201);
  if (response.status !== 201) throw new Error('no workspace');
  return response.json();
}

export async function invite(inviter: SignedUp, workspaceId: string, email: string, role: AssignableRole): Promise<CreatedInvitation> {
  const response = await call(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', token: inviter.token, body: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<CreatedInvitation>(response);
}

export function acceptAs(user: SignedUp, token: string): Promise<Response> {
  return call(`/api/invitations/${token}/accept`, { method: 'POST', token: user.token });
}

/** A new account that the owner invites as `role` and that accepts. */
export async function joinAs(owner: SignedUp, workspaceId: string, role: AssignableRole): Promise<SignedUp> {
  const member = await signUp();
  const { token } = await invite(owner, workspaceId, member.email, role);
  expect((await acceptAs(member, token)).status).toBe(200);
  return member;
}

export function removeMember(by: SignedUp, workspaceId: string, userId: string): Promise<Response> {
  return call(`/api/workspaces/${workspaceId}/members/${userId}`, { method: 'DELETE', token: by.token });
}

/** Sets a workspace's pool in D1 with the operator ledger row that keeps pool = ledger sum. */
export async function setPool(workspaceId: string, credits: number): Promise<void> {
  const current = await pool(workspaceId);
  await env.DB.batch([
    env.DB.prepare('update workspaces set credits = ? where id = ?').bind(credits, workspaceId),
    env.DB.prepare("insert into credit_ledger (user_id, workspace_id, delta, reason) select user_id, workspace_id, ?, 'operator' from workspace_members where workspace_id = ? and role = 'owner'")
      .bind(credits - current, workspaceId),
  ]);
}

export async function pool(workspaceId: string): Promise<number> {
  const row = await env.DB.prepare('select credits from workspaces where id = ?').bind(workspaceId).first<{ credits: number }>();
  return row?.credits ?? -1;
}

/** The sum of a workspace's ledger rows: equals its pool by construction. */
export async function poolLedgerSum(workspaceId: string): Promise<number> {
  const row = await env.DB.prepare('select coalesce(sum(delta), 0) as total from credit_ledger where workspace_id = ?').bind(workspaceId).first<{ total: number }>();
  return row?.total ?? 0;
}

/** The sum of a user's own ledger rows (a workspace's apart): equals their balance. */
export async function ownLedgerSum(userId: string): Promise<number> {
  const row = await env.DB.prepare('select coalesce(sum(delta), 0) as total from credit_ledger where user_id = ? and workspace_id is null')
    .bind(userId)
    .first<{ total: number }>();
  return row?.total ?? 0;
}

export async function setWorkspacePlan(workspaceId: string, plan: 'free' | 'pro' | 'enterprise'): Promise<void> {
  await env.DB.prepare('update workspaces set plan = ? where id = ?').bind(plan, workspaceId).run();
}

/** `path` with `workspaceId` added to its query. */
export function inWorkspace(path: string, workspaceId: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}workspaceId=${encodeURIComponent(workspaceId)}`;
}
