/**
 * The spend view (docs/decisions/0096-workspaces.md): a month's credits by member and by project,
 * refunds deducted from the month of their charge, the ledger rows behind every number, and a CSV
 * that a spreadsheet opens safely.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '#shared/workspace-rules';
import type { SpendEntriesPage, WorkspaceDetail, WorkspaceSpend } from '#shared/workspace-types';
import { workspaceMessages } from '#shared/messages';
import type { Project } from '#shared/project-types';
import { createDatabase } from '../../../worker/db/client';
import { failGenerationJob, startGenerationJob } from '../../../worker/generation/charges';
import { csvField, csvRecord } from '../../../worker/workspaces/csv';
import { api, bearer, call, json, signUp, type SignedUp } from '../helpers';
import { createWorkspace, inWorkspace, joinAs, removeMember, setPool } from './helpers';

let owner: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let workspaceId: string;
let project: Project;
const MONTH = monthOf(Date.now());

/** A charge in the workspace as a job opens it, with the project its job was made in. */
async function charge(member: SignedUp, cost: number, projectId: string | null): Promise<string> {
  const generationId = crypto.randomUUID();
  const params = {
    prompt: 'A timber pavilion', model: 'fast' as const, aspectRatio: '1:1' as const, resolution: '1K' as const, generationType: 'text-to-image' as const,
    numberOfViews: 1, referenceImages: [], seed: 1, engine: 'preview' as const, userPlan: 'free' as const, inputKey: null, projectId, workspaceId,
  };
  expect(await startGenerationJob(createDatabase(env.DB), { userId: member.user.id, workspaceId, generationId, cost, params })).not.toBeNull();
  return generationId;
}

beforeAll(async () => {
  owner = await signUp();
  workspaceId = (await createWorkspace(owner, 'Studio Arc & Partners')).id;
  alice = await joinAs(owner, workspaceId, 'member');
  bob = await joinAs(owner, workspaceId, 'member');
  await setPool(workspaceId, 100);
  // A name a spreadsheet would run as a formula, with a comma and quotes to escape.
  const created = await call(inWorkspace('/api/projects', workspaceId), { method: 'POST', token: alice.token, body: { name: '=SUM(A1) Library, "east"' } });
  project = await json<Project>(created);
  await charge(alice, 3, project.id);
  await charge(alice, 2, null);
  await charge(bob, 4, project.id);
  const refunded = await charge(bob, 5, project.id);
  await failGenerationJob(createDatabase(env.DB), { userId: bob.user.id, generationId: refunded, reason: 'blocked' });
});

async function spend(month?: string): Promise<WorkspaceSpend> {
  const response = await api.workspaces[':id'].spend.$get({ param: { id: workspaceId }, query: month ? { month } : {} }, bearer(owner.token));
  expect(response.status).toBe(200);
  if (response.status !== 200) throw new Error('no spend');
  return response.json();
}

describe('the spend view', () => {
  it('counts the month’s credits by member and by project, refunds deducted, largest first', async () => {
    const view = await spend(MONTH);
    expect(view.month).toBe(MONTH);
    expect(view.total).toBe(9);
    expect(view.byMember).toEqual([
      { id: alice.user.id, name: alice.email, credits: 5 },
      { id: bob.user.id, name: bob.email, credits: 4 },
    ]);
    expect(view.byProject).toEqual([
      { id: project.id, name: project.name, credits: 7 },
      { id: null, name: workspaceMessages.noProject, credits: 2 },
    ]);
  });

  it('is the current month without a month, empty for another, and a 400 for a malformed one', async () => {
    expect((await spend()).total).toBe(9);
    expect(await spend('2020-01')).toEqual({ month: '2020-01', total: 0, byMember: [], byProject: [] });
    expect((await call(`/api/workspaces/${workspaceId}/spend?month=2026-13`, { token: owner.token })).status).toBe(400);
  });

  it('shows every line’s ledger rows, whose deltas add up to minus its credits', async () => {
    const view = await spend(MONTH);
    for (const line of view.byMember) {
      const page = await json<SpendEntriesPage>(await call(`/api/workspaces/${workspaceId}/spend/entries?month=${MONTH}&memberId=${line.id}`, { token: owner.token }));
      expect(page.items.every((entry) => entry.memberId === line.id)).toBe(true);
      expect(-page.items.reduce((sum, entry) => sum + entry.delta, 0)).toBe(line.credits);
    }
    for (const line of view.byProject) {
      const projectId = line.id ?? 'none';
      const page = await json<SpendEntriesPage>(await call(`/api/workspaces/${workspaceId}/spend/entries?month=${MONTH}&projectId=${projectId}`, { token: owner.token }));
      expect(-page.items.reduce((sum, entry) => sum + entry.delta, 0)).toBe(line.credits);
    }
    const all = await json<SpendEntriesPage>(await call(`/api/workspaces/${workspaceId}/spend/entries`, { token: owner.token }));
    expect(all.items.map((entry) => entry.reason).sort()).toEqual(['generation', 'generation', 'generation', 'generation', 'refund']);
    expect(all.nextCursor).toBeNull();
  });

  it('keeps a removed member’s spend, marked as removed', async () => {
    const carol = await joinAs(owner, workspaceId, 'member');
    await charge(carol, 1, null);
    expect((await removeMember(owner, workspaceId, carol.user.id)).status).toBe(204);
    const view = await spend(MONTH);
    expect(view.byMember.find((line) => line.id === carol.user.id)).toEqual({ id: carol.user.id, name: carol.email, credits: 1, removed: true });
    await env.DB.prepare("delete from credit_ledger where user_id = ? and workspace_id = ? and reason = 'generation'").bind(carol.user.id, workspaceId).run();
  });

  it('tells each member what they spent this month', async () => {
    const detail = await json<WorkspaceDetail>(await call(`/api/workspaces/${workspaceId}`, { token: alice.token }));
    expect(detail.month).toBe(MONTH);
    expect(detail.members.find((member) => member.userId === alice.user.id)?.spentThisMonth).toBe(5);
    expect(detail.members.find((member) => member.userId === bob.user.id)?.spentThisMonth).toBe(4);
    // Only owners and admins see the invitations.
    expect(detail.invitations).toEqual([]);
  });
});

describe('the spend CSV', () => {
  it('holds every row behind the month, quoted as RFC 4180 writes it and safe from formulas', async () => {
    const response = await call(`/api/workspaces/${workspaceId}/spend/csv?month=${MONTH}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="studio-arc-partners-spend-${MONTH}.csv"`);
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Member,Project,Entry,Generation,Prompt,Credits charged,Credits refunded');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(text).toContain(`"'=SUM(A1) Library, ""east"""`);
    const charged = lines.slice(1, -1).reduce((sum, line) => sum + Number(line.split(',').at(-2)), 0);
    const refunded = lines.slice(1, -1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(charged - refunded).toBe(9);
  });

  it('writes fields as RFC 4180 and OWASP want them', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+31 20')).toBe("'+31 20");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
  });
});
