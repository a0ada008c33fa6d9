/**
 * Who may do what in a workspace (docs/decisions/0096-workspaces.md): every role — owner, admin,
 * member, viewer — and a non-member and a removed member, against every workspace route and an
 * object of each kind (project, generation, job, review link, ledger). A non-member and a removed
 * member get a 404 everywhere; a role that may not do a thing gets a 403.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { JobListResponse } from '#shared/job-types';
import type { Project } from '#shared/project-types';
import { isJobEnded } from '#shared/job-types';
import { call, json, signUp, uniqueEmail, type SignedUp } from '../helpers';
import { pngBytes } from '../studio/helpers';
import { createWorkspace, inWorkspace, invite, joinAs, removeMember, setPool, setWorkspacePlan } from './helpers';

const ROLES = ['owner', 'admin', 'member', 'viewer', 'non-member', 'removed'] as const;
type Role = (typeof ROLES)[number];

/** The expected status per role, in ROLES order; null: not asked of that role (see the row). */
type Expected = readonly [number | null, number | null, number | null, number | null, number | null, number | null];

const EVERY_MEMBER: Expected = [200, 200, 200, 200, 404, 404];
const OWNER_AND_ADMIN: Expected = [200, 200, 403, 403, 404, 404];
const OWNER_ONLY: Expected = [200, 403, 403, 403, 404, 404];
const MEMBERS_WHO_WORK: Expected = [200, 200, 200, 403, 404, 404];

const PROMPT = 'A timber pavilion in a birch forest at dusk';

let workspaceId: string;
const users = {} as Record<Role, SignedUp>;
let projectId: string;
let generationId: string;

const at = (path: string) => inWorkspace(path, workspaceId);
const as = (role: Role) => users[role].token;

/** A generation of the member's in the workspace, written straight to D1 (no images): something to delete. */
async function insertMemberGeneration(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into generations (id, user_id, workspace_id, prompt, engine, shuffle_key, image_count) values (?, ?, ?, ?, 'preview', 7, 0)`,
  )
    .bind(id, users.member.user.id, workspaceId, PROMPT)
    .run();
  return id;
}

async function newProject(role: Role = 'owner'): Promise<string> {
  const response = await call(at('/api/projects'), { method: 'POST', token: as(role), body: { name: 'Riverside library' } });
  expect(response.status).toBe(201);
  return (await json<Project>(response)).id;
}

async function newReviewLink(): Promise<string> {
  const response = await call(at(`/api/projects/${projectId}/review-links`), { method: 'POST', token: as('member'), body: {} });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

function logoForm(): FormData {
  const form = new FormData();
  form.append('file', new File([pngBytes(16, 16)], 'logo.png', { type: 'image/png' }));
  return form;
}

interface Row {
  name: string;
  expected: Expected;
  request: (role: Role) => Promise<Response>;
}

const ROWS: Row[] = [
  // The workspace itself.
  { name: 'GET /api/workspaces/:id', expected: EVERY_MEMBER, request: (role) => call(`/api/workspaces/${workspaceId}`, { token: as(role) }) },
  {
    name: 'PATCH /api/workspaces/:id',
    expected: OWNER_ONLY,
    request: (role) => call(`/api/workspaces/${workspaceId}`, { method: 'PATCH', token: as(role), body: { name: 'Studio Arc' } }),
  },
  {
    name: 'PUT /api/workspaces/:id/logo',
    expected: OWNER_ONLY,
    request: (role) => call(`/api/workspaces/${workspaceId}/logo`, { method: 'PUT', token: as(role), body: logoForm() }),
  },
  {
    name: 'POST /api/workspaces/:id/invitations',
    expected: [201, 201, 403, 403, 404, 404],
    request: (role) => call(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', token: as(role), body: { email: uniqueEmail('invitee'), role: 'viewer' } }),
  },
  {
    name: 'DELETE /api/workspaces/:id/invitations/:invitationId',
    expected: [204, 204, 403, 403, 404, 404],
    request: async (role) => {
      const { id } = await invite(users.owner, workspaceId, uniqueEmail('withdrawn'), 'member');
      return call(`/api/workspaces/${workspaceId}/invitations/${id}`, { method: 'DELETE', token: as(role) });
    },
  },
  {
    name: 'PATCH /api/workspaces/:id/members/:userId (a member’s cap)',
    expected: OWNER_AND_ADMIN,
    request: (role) => call(`/api/workspaces/${workspaceId}/members/${users.member.user.id}`, { method: 'PATCH', token: as(role), body: { monthlyCap: 500 } }),
  },
  {
    name: 'DELETE /api/workspaces/:id/members/:userId (a viewer)',
    expected: [204, 204, 403, 403, 404, 404],
    request: async (role) => {
      const target = await joinAs(users.owner, workspaceId, 'viewer');
      return removeMember(users[role], workspaceId, target.user.id);
    },
  },
  { name: 'GET /api/workspaces/:id/spend', expected: OWNER_AND_ADMIN, request: (role) => call(`/api/workspaces/${workspaceId}/spend`, { token: as(role) }) },
  {
    name: 'GET /api/workspaces/:id/spend/entries',
    expected: OWNER_AND_ADMIN,
    request: (role) => call(`/api/workspaces/${workspaceId}/spend/entries`, { token: as(role) }),
  },
  { name: 'GET /api/workspaces/:id/spend/csv', expected: OWNER_AND_ADMIN, request: (role) => call(`/api/workspaces/${workspaceId}/spend/csv`, { token: as(role) }) },
  { name: 'POST /api/realtime/ticket', expected: EVERY_MEMBER, request: (role) => call(at('/api/realtime/ticket'), { method: 'POST', token: as(role) }) },
  // A project.
  { name: 'GET /api/projects', expected: EVERY_MEMBER, request: (role) => call(at('/api/projects'), { token: as(role) }) },
  {
    name: 'POST /api/projects',
    expected: [201, 201, 201, 403, 404, 404],
    request: (role) => call(at('/api/projects'), { method: 'POST', token: as(role), body: { name: 'Boathouse' } }),
  },
  { name: 'GET /api/projects/:id', expected: EVERY_MEMBER, request: (role) => call(at(`/api/projects/${projectId}`), { token: as(role) }) },
  {
    name: 'PATCH /api/projects/:id',
    expected: MEMBERS_WHO_WORK,
    request: (role) => call(at(`/api/projects/${projectId}`), { method: 'PATCH', token: as(role), body: { brief: { materials: 'larch' } } }),
  },
  {
    name: 'DELETE /api/projects/:id',
    expected: [204, 204, 403, 403, 404, 404],
    request: async (role) => call(at(`/api/projects/${await newProject()}`), { method: 'DELETE', token: as(role) }),
  },
  { name: 'GET /api/projects/:id/download', expected: EVERY_MEMBER, request: (role) => call(at(`/api/projects/${projectId}/download`), { token: as(role) }) },
  { name: 'GET /api/projects/:id/board', expected: EVERY_MEMBER, request: (role) => call(at(`/api/projects/${projectId}/board`), { token: as(role) }) },
  // A generation.
  { name: 'GET /api/generations', expected: EVERY_MEMBER, request: (role) => call(at('/api/generations'), { token: as(role) }) },
  { name: 'GET /api/generations/:id', expected: EVERY_MEMBER, request: (role) => call(at(`/api/generations/${generationId}`), { token: as(role) }) },
  { name: 'GET /api/generations/:id/lineage', expected: EVERY_MEMBER, request: (role) => call(at(`/api/generations/${generationId}/lineage`), { token: as(role) }) },
  {
    name: 'PATCH /api/generations/:id',
    expected: MEMBERS_WHO_WORK,
    request: (role) => call(at(`/api/generations/${generationId}`), { method: 'PATCH', token: as(role), body: { starred: true } }),
  },
  {
    name: 'DELETE /api/generations/:id (the member’s)',
    expected: [204, 204, 204, 403, 404, 404],
    request: async (role) => call(at(`/api/generations/${await insertMemberGeneration()}`), { method: 'DELETE', token: as(role) }),
  },
  {
    name: 'GET /api/generations/:id/images/0/master (a paid pool)',
    expected: EVERY_MEMBER,
    request: (role) => call(at(`/api/generations/${generationId}/images/0/master`), { token: as(role) }),
  },
  {
    name: 'POST /api/downloads',
    expected: EVERY_MEMBER,
    request: (role) => call(at('/api/downloads'), { method: 'POST', token: as(role), body: { generationIds: [generationId] } }),
  },
  {
    name: 'POST /api/generate',
    expected: [202, 202, 202, 403, 404, 404],
    request: (role) =>
      call(at('/api/generate'), { method: 'POST', token: as(role), headers: { Prefer: 'respond-async' }, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } }),
  },
  {
    name: 'POST /api/generations/:id/images/0/edits (refused before any work)',
    expected: [null, null, null, 403, 404, 404],
    request: (role) =>
      call(at(`/api/generations/${generationId}/images/0/edits`), { method: 'POST', token: as(role), body: { instruction: 'remove the car', mask: 'AAAA' } }),
  },
  {
    name: 'POST /api/generations/:id/images/0/upscale (refused before any work)',
    expected: [null, null, null, 403, 404, 404],
    request: (role) => call(at(`/api/generations/${generationId}/images/0/upscale`), { method: 'POST', token: as(role), body: {} }),
  },
  // A job.
  { name: 'GET /api/jobs', expected: EVERY_MEMBER, request: (role) => call(at('/api/jobs'), { token: as(role) }) },
  { name: 'GET /api/jobs/:id', expected: EVERY_MEMBER, request: (role) => call(at(`/api/jobs/${generationId}`), { token: as(role) }) },
  {
    name: 'POST /api/jobs/:id/cancel (an ended job: 409 once allowed)',
    expected: [409, 409, 409, 403, 404, 404],
    request: (role) => call(at(`/api/jobs/${generationId}/cancel`), { method: 'POST', token: as(role) }),
  },
  // A review link.
  { name: 'GET /api/projects/:id/review-links', expected: EVERY_MEMBER, request: (role) => call(at(`/api/projects/${projectId}/review-links`), { token: as(role) }) },
  {
    name: 'POST /api/projects/:id/review-links',
    expected: [201, 201, 201, 403, 404, 404],
    request: (role) => call(at(`/api/projects/${projectId}/review-links`), { method: 'POST', token: as(role), body: {} }),
  },
  {
    name: 'DELETE /api/review-links/:id',
    expected: [204, 204, 204, 403, 404, 404],
    request: async (role) => call(at(`/api/review-links/${await newReviewLink()}`), { method: 'DELETE', token: as(role) }),
  },
  { name: 'GET /api/projects/:id/feedback', expected: EVERY_MEMBER, request: (role) => call(at(`/api/projects/${projectId}/feedback`), { token: as(role) }) },
  // The ledger and the money.
  { name: 'GET /api/me/ledger', expected: OWNER_AND_ADMIN, request: (role) => call(at('/api/me/ledger'), { token: as(role) }) },
  {
    name: 'POST /api/payments/orders',
    expected: OWNER_ONLY,
    request: (role) => call(at('/api/payments/orders'), { method: 'POST', token: as(role), body: { credits: 1, amount: 699 } }),
  },
  { name: 'GET /api/payments/purchases', expected: OWNER_ONLY, request: (role) => call(at('/api/payments/purchases'), { token: as(role) }) },
];

beforeAll(async () => {
  users.owner = await signUp();
  workspaceId = (await createWorkspace(users.owner)).id;
  users.admin = await joinAs(users.owner, workspaceId, 'admin');
  users.member = await joinAs(users.owner, workspaceId, 'member');
  users.viewer = await joinAs(users.owner, workspaceId, 'viewer');
  users.removed = await joinAs(users.owner, workspaceId, 'member');
  expect((await removeMember(users.owner, workspaceId, users.removed.user.id)).status).toBe(204);
  users['non-member'] = await signUp();
  await setPool(workspaceId, 200);
  await setWorkspacePlan(workspaceId, 'pro');
  projectId = await newProject('member');
  const made = await call(at('/api/generate'), { method: 'POST', token: as('member'), body: { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId } });
  expect(made.status).toBe(200);
  generationId = (await json<GenerateSuccessResponse>(made)).generationId;
});

describe('every role against every workspace route and object', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const answered: Partial<Record<Role, number>> = {};
    const wanted: Partial<Record<Role, number>> = {};
    for (const [index, role] of ROLES.entries()) {
      const expected = row.expected[index];
      if (expected === null || expected === undefined) continue;
      wanted[role] = expected;
      answered[role] = (await row.request(role)).status;
    }
    expect(answered).toEqual(wanted);
  });

  it('leaves no job of the table running', async () => {
    await vi.waitFor(
      async () => {
        const { jobs } = await json<JobListResponse>(await call(at('/api/jobs'), { token: as('owner') }));
        expect(jobs.filter((job) => !isJobEnded(job.status))).toEqual([]);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});

describe('the personal space', () => {
  it('never shows a workspace’s things, even to who made them', async () => {
    const token = as('member');
    expect((await call(`/api/projects/${projectId}`, { token })).status).toBe(404);
    expect((await call(`/api/generations/${generationId}`, { token })).status).toBe(404);
    expect((await call(`/api/jobs/${generationId}`, { token })).status).toBe(404);
    const page = await json<{ items: { id: string }[] }>(await call('/api/generations', { token }));
    expect(page.items.map((item) => item.id)).not.toContain(generationId);
    const projects = await json<{ items: { id: string }[] }>(await call('/api/projects', { token }));
    expect(projects.items.map((item) => item.id)).not.toContain(projectId);
  });

  it('is what a request without workspaceId means, as before', async () => {
    const mine = await call('/api/projects', { method: 'POST', token: as('viewer'), body: { name: 'My own' } });
    expect(mine.status).toBe(201);
    expect((await json<Project>(mine)).workspaceId).toBeNull();
  });

  it('refuses a workspaceId in the query and another in the body', async () => {
    const other = await createWorkspace(users.member, 'Other practice');
    const response = await call(at('/api/projects'), { method: 'POST', token: as('member'), body: { name: 'Split', workspaceId: other.id } });
    expect(response.status).toBe(400);
  });
});
