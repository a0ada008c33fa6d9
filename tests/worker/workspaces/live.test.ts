/**
 * A workspace's live channel and a member's removal (docs/decisions/0096-workspaces.md): the pool,
 * new versions and client comments reach every member's open tabs on the workspace; a removed
 * member is cut off mid-session — their next request is a 404 and their open socket of the
 * workspace closes at once — while everything they made stays.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { LIVE_CLOSE_CODES, type LiveMessage } from '#shared/live-types';
import type { ProjectDetail, Project } from '#shared/project-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { closeSocketsAfterEach, connect, openWith, track, type OpenSocket } from '../realtime/sockets';
import { postComment } from '../review/review-helpers';
import { createWorkspace, inWorkspace, joinAs, removeMember, setPool } from './helpers';

closeSocketsAfterEach();

const PROMPT = 'A timber pavilion in a birch forest at dusk';

let owner: SignedUp;
let workspaceId: string;
const at = (path: string) => inWorkspace(path, workspaceId);

interface WorkspaceTab extends OpenSocket {
  closed: Promise<number>;
}

/** Opens a socket on the workspace as the app does: a ticket for it, then the upgrade. */
async function connectToWorkspace(member: SignedUp): Promise<WorkspaceTab> {
  const ticketed = await call(at('/api/realtime/ticket'), { method: 'POST', token: member.token });
  expect(ticketed.status).toBe(200);
  const { ticket } = await json<{ ticket: string }>(ticketed);
  expect(ticket.startsWith(`w.${workspaceId}.`)).toBe(true);
  const response = await openWith(ticket);
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error('no WebSocket in the 101 answer');
  socket.accept();
  track(socket);
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
  const received: LiveMessage[] = [];
  const waiters: Array<() => void> = [];
  // The greeting: the unfinished jobs, then the pool's balance.
  const greeting: LiveMessage[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as LiveMessage;
    if (greeting.length < 2) greeting.push(message);
    else received.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  while (greeting.length < 2) await new Promise<void>((resolve) => waiters.push(resolve));
  const [jobs, balance] = greeting;
  if (jobs?.type !== 'jobs' || balance?.type !== 'workspace') throw new Error(`unexpected greeting ${JSON.stringify(greeting)}`);
  const next = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received;
  };
  return { socket, initialJobs: jobs.jobs, initialBalance: balance, received, next, closed };
}

/** Waits until the tab was told a message `match` accepts. */
async function heard(tab: OpenSocket, match: (message: LiveMessage) => boolean): Promise<LiveMessage> {
  for (let count = 1; ; count += 1) {
    const found = (await tab.next(count)).find(match);
    if (found) return found;
  }
}

beforeEach(async () => {
  owner = await signUp();
  workspaceId = (await createWorkspace(owner)).id;
});

describe('the workspace’s live channel', () => {
  it('tells every member’s tab of the pool, the new versions and the client’s comments', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    const viewer = await joinAs(owner, workspaceId, 'viewer');
    await setPool(workspaceId, 10);
    const tabs = [await connectToWorkspace(owner), await connectToWorkspace(viewer)];
    // A new tab is first told the pool as it is, whoever's tab it is.
    for (const tab of tabs) expect(tab.initialBalance).toEqual({ type: 'workspace', workspaceId, credits: 10, plan: 'free' });
    const project = await json<Project>(await call(at('/api/projects'), { method: 'POST', token: member.token, body: { name: 'Boathouse' } }));
    const made = await call(at('/api/generate'), { method: 'POST', token: member.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id } });
    expect(made.status).toBe(200);
    const { generationId } = await json<GenerateSuccessResponse>(made);
    for (const tab of tabs) {
      expect(await heard(tab, (message) => message.type === 'workspace')).toEqual({ type: 'workspace', workspaceId, credits: 9, plan: 'free' });
      expect(await heard(tab, (message) => message.type === 'generations')).toEqual({ type: 'generations', workspaceId });
      expect(await heard(tab, (message) => message.type === 'job' && message.job.id === generationId && message.job.status === 'done')).toBeTruthy();
    }
    const link = await json<{ token: string }>(await call(at(`/api/projects/${project.id}/review-links`), { method: 'POST', token: member.token, body: {} }));
    expect((await postComment(link.token, { generationId, body: 'Warmer timber, please', name: 'Client' })).status).toBe(201);
    for (const tab of tabs) {
      expect(await heard(tab, (message) => message.type === 'review')).toEqual({ type: 'review', projectId: project.id, workspaceId });
    }
  });

  it('closes a session’s workspace sockets when it signs out', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    const tab = await connectToWorkspace(member);
    expect((await call('/api/auth/logout', { method: 'POST', token: member.token, cookie: member.cookie })).status).toBe(204);
    expect(await tab.closed).toBe(LIVE_CLOSE_CODES.signedOut);
  });

  it('is refused to anyone who is not a member', async () => {
    const stranger = await signUp();
    expect((await call(at('/api/realtime/ticket'), { method: 'POST', token: stranger.token })).status).toBe(404);
  });

  it('keeps the personal socket for the personal space: a workspace’s pool is not its news', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const personal = await connect(member.token);
    const workspaceTab = await connectToWorkspace(member);
    const made = await call(at('/api/generate'), { method: 'POST', token: member.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } });
    expect(made.status).toBe(200);
    await heard(workspaceTab, (message) => message.type === 'generations');
    // The workspace's job ended and was told on the workspace's socket; the personal one heard none of it.
    expect(personal.received).toEqual([]);
  });
});

describe('removing a member', () => {
  it('cuts them off mid-session: their next request is a 404 and their open socket closes', async () => {
    const member = await joinAs(owner, workspaceId, 'member');
    await setPool(workspaceId, 10);
    const project = await json<Project>(await call(at('/api/projects'), { method: 'POST', token: member.token, body: { name: 'Boathouse' } }));
    const made = await json<GenerateSuccessResponse>(
      await call(at('/api/generate'), { method: 'POST', token: member.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id } }),
    );
    const tab = await connectToWorkspace(member);
    const personal = await connect(member.token);

    expect((await removeMember(owner, workspaceId, member.user.id)).status).toBe(204);
    expect(await tab.closed).toBe(LIVE_CLOSE_CODES.removedFromWorkspace);

    // The same access token, the very next requests: nothing of the workspace answers any more.
    expect((await call(`/api/workspaces/${workspaceId}`, { token: member.token })).status).toBe(404);
    expect((await call(at(`/api/projects/${project.id}`), { token: member.token })).status).toBe(404);
    expect((await call(at('/api/generate'), { method: 'POST', token: member.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } })).status).toBe(404);
    expect((await call(at('/api/realtime/ticket'), { method: 'POST', token: member.token })).status).toBe(404);
    const listed = await json<{ items: { id: string }[] }>(await call('/api/workspaces', { token: member.token }));
    expect(listed.items).toEqual([]);

    // What they made stays the workspace's, still signed with their name.
    const detail = await json<ProjectDetail>(await call(at(`/api/projects/${project.id}`), { token: owner.token }));
    expect(detail.generations.map((generation) => [generation.id, generation.author?.email])).toEqual([[made.generationId, member.email]]);

    // Their own socket stays open for their own space.
    expect(personal.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('lets a member leave, never the owner', async () => {
    const member = await joinAs(owner, workspaceId, 'viewer');
    expect((await removeMember(owner, workspaceId, owner.user.id)).status).toBe(403);
    expect((await removeMember(member, workspaceId, member.user.id)).status).toBe(204);
    expect((await call(`/api/workspaces/${workspaceId}`, { token: member.token })).status).toBe(404);
  });

  it('lets nobody below the owner change an admin or the owner', async () => {
    const admin = await joinAs(owner, workspaceId, 'admin');
    const other = await joinAs(owner, workspaceId, 'admin');
    expect((await removeMember(admin, workspaceId, other.user.id)).status).toBe(403);
    expect((await removeMember(admin, workspaceId, owner.user.id)).status).toBe(403);
    const promote = await call(`/api/workspaces/${workspaceId}/members/${other.user.id}`, { method: 'PATCH', token: admin.token, body: { role: 'member' } });
    expect(promote.status).toBe(403);
    const member = await joinAs(owner, workspaceId, 'member');
    const raised = await call(`/api/workspaces/${workspaceId}/members/${member.user.id}`, { method: 'PATCH', token: admin.token, body: { role: 'admin' } });
    expect(raised.status).toBe(200);
    expect(await json<{ role: string }>(raised)).toMatchObject({ role: 'admin' });
  });
});
