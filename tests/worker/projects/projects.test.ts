import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GenerationsPage, VersionedItem } from '#shared/generations-types';
import type { Project, ProjectDetail, ProjectPage } from '#shared/project-types';
import { api, bearer, call, json, signUp, type SignedUp } from '../helpers';
import { clearGenerations } from '../gallery/gallery-helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { createProject, errorField, placeGeneration, projectIdOf } from './helpers';

let owner: SignedUp;
let other: SignedUp;
beforeEach(async () => {
  await clearGenerations();
  owner = await signUp();
  other = await signUp();
});

closeSocketsAfterEach();

describe('creating and listing projects', () => {
  it('creates a project with a trimmed name and a brief at version 1', async () => {
    const project = await createProject(owner.token, '  Riverside library  ', { materials: ' red brick ', season: '' });
    expect(project).toMatchObject({ name: 'Riverside library', brief: { materials: 'red brick' }, briefVersion: 1, heroGenerationId: null });
    expect(project.createdAt).toBe(project.updatedAt);
    expect((await api.projects.$post({ json: { name: 'x' } })).status).toBe(401);
  });

  it('refuses an empty or too long name and a too long brief field, naming the field', async () => {
    for (const name of ['', '   ', 'a'.repeat(121)]) {
      const response = await call('/api/projects', { method: 'POST', token: owner.token, body: { name } });
      expect(response.status).toBe(400);
      expect(await errorField(response)).toBe('name');
    }
    expect((await call('/api/projects', { method: 'POST', token: owner.token, body: { name: 'a'.repeat(120) } })).status).toBe(201);
    const long = await call('/api/projects', { method: 'POST', token: owner.token, body: { name: 'Pavilion', brief: { palette: 'a'.repeat(501) } } });
    expect(long.status).toBe(400);
    expect(await errorField(long)).toBe('brief.palette');
    const project = await createProject(owner.token);
    const patched = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { brief: { site: 'b'.repeat(501) } } });
    expect(patched.status).toBe(400);
    expect(await errorField(patched)).toBe('brief.site');
    const empty = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('lists the caller’s projects most recently used first, by cursor, with count and cover', async () => {
    const first = await createProject(owner.token, 'First');
    const second = await createProject(owner.token, 'Second');
    const third = await createProject(owner.token, 'Third');
    await createProject(other.token, 'Not mine');
    const older = await placeGeneration({ userId: owner.user.id, projectId: first.id, createdAt: 1_000, visibility: 'private' });
    const newer = await placeGeneration({ userId: owner.user.id, projectId: first.id, createdAt: 2_000 });
    // Renaming the first makes it the most recently used.
    expect((await call(`/api/projects/${first.id}`, { method: 'PATCH', token: owner.token, body: { name: 'First, renamed' } })).status).toBe(200);
    const page1 = await json<ProjectPage>(await call('/api/projects?limit=2', { token: owner.token }));
    expect(page1.items.map((item) => item.id)).toEqual([first.id, third.id]);
    expect(page1.items[0]).toMatchObject({ name: 'First, renamed', generationCount: 2 });
    expect(page1.items[0]!.cover?.url).toContain(`/${newer}/0.jpg`);
    expect(page1.items[0]!.cover?.renditions.length).toBeGreaterThan(0);
    expect(page1.items[1]).toMatchObject({ generationCount: 0, cover: null });
    const page2 = await json<ProjectPage>(await call(`/api/projects?limit=2&cursor=${page1.nextCursor}`, { token: owner.token }));
    expect(page2.items.map((item) => item.id)).toEqual([second.id]);
    expect(page2.nextCursor).toBeNull();
    // The hero's first image is the cover, signed while it is private.
    await call(`/api/projects/${first.id}`, { method: 'PATCH', token: owner.token, body: { heroGenerationId: older } });
    const listed = await json<ProjectPage>(await call('/api/projects', { token: owner.token }));
    expect(listed.items[0]!.cover?.url).toMatch(new RegExp(`/${older}/0\\.jpg\\?exp=\\d+&sig=`));
    expect((await call('/api/projects?cursor=forged', { token: owner.token })).status).toBe(400);
  });
});

describe('one project', () => {
  it('shows the project and its generations oldest first, as version nodes; 404 for anyone else', async () => {
    const project = await createProject(owner.token);
    const root = await placeGeneration({ userId: owner.user.id, projectId: project.id, createdAt: 1_000, visibility: 'private' });
    const child = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: root, createdAt: 2_000 });
    await placeGeneration({ userId: owner.user.id, createdAt: 3_000 });
    const detail = await json<ProjectDetail>(await call(`/api/projects/${project.id}`, { token: owner.token }));
    expect(detail).toMatchObject({ id: project.id, name: project.name, briefVersion: 1 });
    expect(detail.generations.map((item) => [item.id, item.parentId])).toEqual([[root, null], [child, root]]);
    expect(detail.generations[0]).toMatchObject({ projectId: project.id, starred: false, briefVersion: null, briefAddition: null, isOwn: true });
    expect(detail.generations[0]!.images[0]!.url).toContain('sig=');
    expect(detail.generations[1]!.images[0]!.url).not.toContain('sig=');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const response = await call(`/api/projects/${project.id}`, { method, token: other.token, body });
      expect(response.status).toBe(404);
    }
    expect((await call('/api/projects/no-such-project', { token: owner.token })).status).toBe(404);
    expect((await json<ProjectDetail>(await call(`/api/projects/${project.id}`, { token: owner.token }))).name).toBe(project.name);
  });

  it('grows the brief version once per real change, merging fields', async () => {
    const project = await createProject(owner.token, 'Hillside house', { materials: 'board-formed concrete' });
    const patch = async (body: object) => json<Project>(await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body }));
    expect(await patch({ brief: { materials: '  board-formed concrete ' } })).toMatchObject({ briefVersion: 1 });
    expect(await patch({ name: 'Hillside house II' })).toMatchObject({ briefVersion: 1, name: 'Hillside house II' });
    const changed = await patch({ brief: { season: 'monsoon overcast' } });
    expect(changed).toMatchObject({ briefVersion: 2, brief: { materials: 'board-formed concrete', season: 'monsoon overcast' } });
    expect(await patch({ brief: { season: 'monsoon overcast' } })).toMatchObject({ briefVersion: 2 });
    expect(await patch({ brief: { materials: null } })).toMatchObject({ briefVersion: 3, brief: { season: 'monsoon overcast' } });
    expect((await patch({ brief: { materials: '' } })).briefVersion).toBe(3);
  });

  it('takes a hero only from the project’s own generations, and clears it with null', async () => {
    const project = await createProject(owner.token);
    const inside = await placeGeneration({ userId: owner.user.id, projectId: project.id });
    const outside = await placeGeneration({ userId: owner.user.id });
    const foreign = await placeGeneration({ userId: other.user.id });
    for (const heroGenerationId of [outside, foreign, 'missing']) {
      const response = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { heroGenerationId } });
      expect(response.status).toBe(404);
      expect(await errorField(response)).toBe('heroGenerationId');
    }
    const set = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { heroGenerationId: inside } });
    expect(await json<Project>(set)).toMatchObject({ heroGenerationId: inside });
    const cleared = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { heroGenerationId: null } });
    expect(await json<Project>(cleared)).toMatchObject({ heroGenerationId: null });
  });

  it('deletes the project and keeps its generations outside any project; its review links go with it', async () => {
    const project = await createProject(owner.token);
    const kept = await placeGeneration({ userId: owner.user.id, projectId: project.id });
    await env.DB.prepare(`insert into review_links (id, project_id, user_id, token_hash, expires_at) values (?, ?, ?, ?, ?)`)
      .bind('link-1', project.id, owner.user.id, `hash-${project.id}`, Date.now() + 86_400_000)
      .run();
    expect((await call(`/api/projects/${project.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect(await projectIdOf(kept)).toBe(project.id);
    expect((await call(`/api/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await projectIdOf(kept)).toBeNull();
    expect(await env.DB.prepare('select id from review_links where id = ?').bind('link-1').first()).toBeNull();
    expect((await call(`/api/projects/${project.id}`, { token: owner.token })).status).toBe(404);
    const page = await json<GenerationsPage>(await call('/api/generations', { token: owner.token }));
    expect(page.items.find((item) => item.id === kept)).toMatchObject({ projectId: null });
  });
});

describe('a generation in projects', () => {
  it('moves into and out of a project for the owner of both, bumping the project; 404 otherwise', async () => {
    const project = await createProject(owner.token);
    const foreignProject = await createProject(other.token);
    const id = await placeGeneration({ userId: owner.user.id });
    const foreign = await placeGeneration({ userId: other.user.id });
    const patch = (token: string, generationId: string, body: object) => call(`/api/generations/${generationId}`, { method: 'PATCH', token, body });
    expect((await patch(owner.token, id, { projectId: foreignProject.id })).status).toBe(404);
    expect((await patch(other.token, foreign, { projectId: project.id })).status).toBe(404);
    expect((await patch(owner.token, foreign, { projectId: project.id })).status).toBe(404);
    expect((await patch(owner.token, id, { projectId: 'missing' })).status).toBe(404);
    expect(await projectIdOf(foreign)).toBeNull();
    expect(await projectIdOf(id)).toBeNull();

    const moved = await patch(owner.token, id, { projectId: project.id, starred: true });
    expect(moved.status).toBe(200);
    expect(await json<VersionedItem>(moved)).toMatchObject({ id, projectId: project.id, starred: true });
    const after = await json<ProjectDetail>(await call(`/api/projects/${project.id}`, { token: owner.token }));
    expect(after.generations.map((item) => item.id)).toEqual([id]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
    const out = await json<VersionedItem>(await patch(owner.token, id, { projectId: null, starred: false }));
    expect(out).toMatchObject({ projectId: null, starred: false });
    expect((await patch(owner.token, id, {})).status).toBe(400);
  });

  it('shows one generation, with its place in the tree, to its owner only', async () => {
    const project = await createProject(owner.token);
    const root = await placeGeneration({ userId: owner.user.id, projectId: project.id });
    const child = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: root });
    const response = await api.generations[':id'].$get({ param: { id: child } }, bearer(owner.token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: child, parentId: root, projectId: project.id, referenceImages: [] });
    expect((await call(`/api/generations/${child}`, { token: other.token })).status).toBe(404);
    const listed = await json<GenerationsPage>(await call('/api/generations', { token: owner.token }));
    expect(listed.items.find((item) => item.id === child)).toMatchObject({ parentId: root, projectId: project.id, starred: false, briefVersion: null });
  });
});

describe('live updates', () => {
  it('tells the owner’s other tabs when a project is created, changed or deleted, or a generation moves', async () => {
    const tab = await connect(owner.token);
    const project = await createProject(owner.token);
    expect((await tab.next(1)).map((message) => message.type)).toEqual(['projects']);
    await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { name: 'Renamed' } });
    expect((await tab.next(2))[1]?.type).toBe('projects');
    const id = await placeGeneration({ userId: owner.user.id });
    await call(`/api/generations/${id}`, { method: 'PATCH', token: owner.token, body: { projectId: project.id } });
    expect((await tab.next(4)).slice(2).map((message) => message.type).sort()).toEqual(['generations', 'projects']);
    await call(`/api/projects/${project.id}`, { method: 'DELETE', token: owner.token });
    expect((await tab.next(6)).slice(4).map((message) => message.type).sort()).toEqual(['generations', 'projects']);
  });
});
