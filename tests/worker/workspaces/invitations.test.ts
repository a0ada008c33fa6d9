/**
 * Invitations by link (docs/decisions/0096-workspaces.md): single-use, for 7 days, only for the
 * signed-in account of the invited email; every refusal is the same 404.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_TTL_DAYS } from '#shared/limits';
import { workspaceMessages } from '#shared/messages';
import type { WorkspaceDetail, WorkspaceSummary } from '#shared/workspace-types';
import { api, bearer, call, json, signUp, uniqueEmail, type SignedUp } from '../helpers';
import { acceptAs, createWorkspace, invite, joinAs, removeMember } from './helpers';

let owner: SignedUp;
let workspaceId: string;

beforeEach(async () => {
  owner = await signUp();
  workspaceId = (await createWorkspace(owner, 'Studio Arc')).id;
});

async function members(token: string): Promise<WorkspaceDetail['members']> {
  return (await json<WorkspaceDetail>(await call(`/api/workspaces/${workspaceId}`, { token }))).members;
}

describe('an invitation', () => {
  it('is accepted once by the invited account, which joins with the invited role', async () => {
    const invitee = await signUp();
    const created = await invite(owner, workspaceId, invitee.email.toUpperCase(), 'member');
    expect(created.email).toBe(invitee.email);
    expect(created.url).toBe(`https://parti.test/invitations/${created.token}`);
    const lifetime = Date.parse(created.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(INVITATION_TTL_DAYS * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(INVITATION_TTL_DAYS * 86_400_000);

    const preview = await api.invitations[':token'].$get({ param: { token: created.token } }, bearer(invitee.token));
    expect(preview.status).toBe(200);
    if (preview.status !== 200) return;
    expect(await preview.json()).toMatchObject({ workspace: { id: workspaceId, name: 'Studio Arc' }, role: 'member', invitedBy: owner.email });

    const accepted = await acceptAs(invitee, created.token);
    expect(accepted.status).toBe(200);
    expect(await json<WorkspaceSummary>(accepted)).toMatchObject({ id: workspaceId, role: 'member', name: 'Studio Arc' });
    expect((await members(owner.token)).map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'member'],
    ]);
  });

  it('works once: a second accept, even by the same account, is a 404', async () => {
    const invitee = await signUp();
    const { token } = await invite(owner, workspaceId, invitee.email, 'viewer');
    expect((await acceptAs(invitee, token)).status).toBe(200);
    expect((await removeMember(owner, workspaceId, invitee.user.id)).status).toBe(204);
    // Removed, then the old link again: used, so it brings nobody back.
    expect((await acceptAs(invitee, token)).status).toBe(404);
    expect((await call(`/api/workspaces/${workspaceId}`, { token: invitee.token })).status).toBe(404);
  });

  it('brings a removed member back, with the new invitation’s role and no cap', async () => {
    const invitee = await joinAs(owner, workspaceId, 'admin');
    await call(`/api/workspaces/${workspaceId}/members/${invitee.user.id}`, { method: 'PATCH', token: owner.token, body: { monthlyCap: 5 } });
    expect((await removeMember(owner, workspaceId, invitee.user.id)).status).toBe(204);
    const { token } = await invite(owner, workspaceId, invitee.email, 'viewer');
    expect((await acceptAs(invitee, token)).status).toBe(200);
    expect((await members(owner.token)).find((member) => member.userId === invitee.user.id)).toMatchObject({ role: 'viewer', monthlyCap: null });
  });

  it('is a 404 for a signed-in account of another email, and stays open for the right one', async () => {
    const invitee = await signUp();
    const stranger = await signUp();
    const { token } = await invite(owner, workspaceId, invitee.email, 'member');
    expect((await acceptAs(stranger, token)).status).toBe(404);
    expect((await call(`/api/invitations/${token}`, { token: stranger.token })).status).toBe(404);
    expect((await acceptAs(invitee, token)).status).toBe(200);
  });

  it('needs a signed-in account', async () => {
    const { token } = await invite(owner, workspaceId, uniqueEmail('anyone'), 'member');
    expect((await call(`/api/invitations/${token}/accept`, { method: 'POST' })).status).toBe(401);
  });

  it('expires: past its time it is a 404 and joins nobody', async () => {
    const invitee = await signUp();
    const { id, token } = await invite(owner, workspaceId, invitee.email, 'member');
    await env.DB.prepare('update workspace_invitations set expires_at = ? where id = ?').bind(Date.now() - 1, id).run();
    expect((await acceptAs(invitee, token)).status).toBe(404);
    expect((await members(owner.token)).map((member) => member.userId)).not.toContain(invitee.user.id);
  });

  it('stops working once withdrawn, and leaves the pending list', async () => {
    const invitee = await signUp();
    const { id, token } = await invite(owner, workspaceId, invitee.email, 'member');
    const before = await json<WorkspaceDetail>(await call(`/api/workspaces/${workspaceId}`, { token: owner.token }));
    expect(before.invitations.map((pending) => pending.id)).toEqual([id]);
    expect((await call(`/api/workspaces/${workspaceId}/invitations/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await acceptAs(invitee, token)).status).toBe(404);
    const after = await json<WorkspaceDetail>(await call(`/api/workspaces/${workspaceId}`, { token: owner.token }));
    expect(after.invitations).toEqual([]);
  });

  it('is a 404 for an unknown or malformed token', async () => {
    const someone = await signUp();
    expect((await acceptAs(someone, 'A'.repeat(43))).status).toBe(404);
    expect((await acceptAs(someone, 'not-a-token')).status).toBe(404);
  });

  it('is refused for a current member, and never gives a role above the inviter’s or the owner’s', async () => {
    const admin = await joinAs(owner, workspaceId, 'admin');
    const again = await call(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', token: owner.token, body: { email: admin.email, role: 'viewer' } });
    expect(again.status).toBe(409);
    expect((await json<{ error: { message: string } }>(again)).error.message).toBe(workspaceMessages.alreadyMember);
    const asOwner = await call(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', token: owner.token, body: { email: uniqueEmail(), role: 'owner' } });
    expect(asOwner.status).toBe(400);
    const member = await joinAs(owner, workspaceId, 'member');
    const byMember = await call(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', token: member.token, body: { email: uniqueEmail(), role: 'viewer' } });
    expect(byMember.status).toBe(403);
  });

  it('is emailed to the invitee with its link', async () => {
    const email = uniqueEmail('mailed');
    const { url } = await invite(owner, workspaceId, email, 'viewer');
    // Sent after the answer, into the local outbox the tests' origin (a local host) gets.
    const sent = await vi.waitFor(async () => {
      const row = await env.DB.prepare('select subject, text from email_outbox where to_address = ?').bind(email).first<{ subject: string; text: string }>();
      if (!row) throw new Error('not sent yet');
      return row;
    });
    expect(sent.subject).toContain('Studio Arc');
    expect(sent.text).toContain(url);
    expect(sent.text).toContain(owner.email);
  });
});
