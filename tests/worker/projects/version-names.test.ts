/**
 * Version names (docs/decisions/0087-version-names.md): issued when a generation enters a project,
 * in the batch that records or moves it, never issued twice, and the same for the owner and the
 * client.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { VersionedItem } from '#shared/generations-types';
import type { ProjectDetail } from '#shared/project-types';
import type { CreatedReviewLink, ReviewPage } from '#shared/review-types';
import { versionName, versionTitle, type VersionRef } from '#shared/version-names';
import { FakeGemini } from '../../fakes/gemini';
import { call, json, type SignedUp } from '../helpers';
import { generate, userWith } from '../studio/helpers';
import { useGemini } from '../generation/job-helpers';
import { createProject, placeGeneration } from './helpers';

const SMALL_IMAGE = { kind: 'image', width: 96, height: 96 } as const;

let owner: SignedUp;
let fake: FakeGemini;
let restore: () => void = () => {};
beforeEach(async () => {
  owner = await userWith({ plan: 'pro', credits: 40 });
  fake = new FakeGemini().install();
  restore = useGemini(fake, () => SMALL_IMAGE);
});
afterEach(() => {
  restore();
  fake.uninstall();
});

async function make(body: Record<string, unknown>): Promise<string> {
  const response = await generate(owner.token, { prompt: 'A brick library around a courtyard', model: 'fast', numberOfViews: 1, ...body });
  expect(response.status).toBe(200);
  return (await json<GenerateSuccessResponse>(response)).generationId;
}

async function item(id: string): Promise<VersionedItem> {
  return json<VersionedItem>(await call(`/api/generations/${id}`, { token: owner.token }));
}

const named = (version: VersionRef | null) => (version ? versionName(version) : null);

async function namesIn(projectId: string): Promise<Record<string, string | null>> {
  const detail = await json<ProjectDetail>(await call(`/api/projects/${projectId}`, { token: owner.token }));
  return Object.fromEntries(detail.generations.map((generation) => [generation.id, named(generation.version)]));
}

function move(id: string, projectId: string | null): Promise<Response> {
  return call(`/api/generations/${id}`, { method: 'PATCH', token: owner.token, body: { projectId } });
}

describe('version names', () => {
  it('letters trees by age and numbers versions by age in their tree; a branch names its parent', async () => {
    const project = await createProject(owner.token);
    const a1 = await make({ projectId: project.id });
    const a2 = await make({ parentId: a1 });
    const b1 = await make({ projectId: project.id });
    const a3 = await make({ parentId: a2 });
    const a4 = await make({ parentId: a1 });
    expect(await namesIn(project.id)).toEqual({ [a1]: 'A1', [a2]: 'A2', [b1]: 'B1', [a3]: 'A3', [a4]: 'A4' });
    const branch = await item(a4);
    expect(branch.parentVersion).toEqual({ tree: 0, number: 1 });
    expect(versionTitle(branch.version!, branch.parentVersion)).toBe('A4 ← A1');
    expect(versionTitle((await item(a3)).version!, (await item(a3)).parentVersion)).toBe('A3');
    // Outside any project there is no name.
    expect((await item(await make({ projectId: null }))).version).toBeNull();
  });

  it('never renames a version and never issues a name twice when versions are deleted', async () => {
    const project = await createProject(owner.token);
    const a1 = await make({ projectId: project.id });
    const a2 = await make({ parentId: a1 });
    const b1 = await make({ projectId: project.id });
    expect((await call(`/api/generations/${a2}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(`/api/generations/${a1}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await namesIn(project.id)).toEqual({ [b1]: 'B1' });
    const next = await make({ projectId: project.id });
    const b2 = await make({ parentId: b1 });
    expect(await namesIn(project.id)).toEqual({ [b1]: 'B1', [next]: 'C1', [b2]: 'B2' });
  });

  it('names a generation moved in, joins its parent’s tree, and gives a new name when it comes back', async () => {
    const project = await createProject(owner.token);
    const other = await createProject(owner.token, 'Elsewhere');
    const root = await make({ projectId: project.id });
    const loose = await make({ projectId: null, parentId: root });
    const stranger = await make({ projectId: other.id });
    expect(named((await item(stranger)).version)).toBe('A1');

    expect((await move(loose, project.id)).status).toBe(200);
    expect(named((await item(loose)).version)).toBe('A2');
    expect((await move(stranger, project.id)).status).toBe(200);
    expect(named((await item(stranger)).version)).toBe('B1');
    // Moving to the project it is in keeps its name; out of it, it has none; back in, a new one.
    expect((await move(loose, project.id)).status).toBe(200);
    expect(named((await item(loose)).version)).toBe('A2');
    expect((await move(loose, null)).status).toBe(200);
    expect((await item(loose)).version).toBeNull();
    expect((await move(loose, project.id)).status).toBe(200);
    expect(named((await item(loose)).version)).toBe('A3');
    expect(await namesIn(project.id)).toEqual({ [root]: 'A1', [stranger]: 'B1', [loose]: 'A3' });
    // Deleting the project keeps its generations, without names.
    expect((await call(`/api/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await item(root)).version).toBeNull();
  });

  it('gives the client the owner’s names', async () => {
    const project = await createProject(owner.token);
    const a1 = await make({ projectId: project.id });
    const b1 = await make({ projectId: project.id });
    const a2 = await make({ parentId: a1, numberOfViews: 2 });
    const b2 = await make({ parentId: b1 });
    const link = await json<CreatedReviewLink>(
      await call(`/api/projects/${project.id}/review-links`, { method: 'POST', token: owner.token, body: { allowDownload: true } }),
    );
    const page = await json<ReviewPage>(await call(`/api/review/${link.token}`));
    const names = Object.fromEntries(page.generations.map((generation) => [generation.id, named(generation.version)]));
    expect(names).toEqual({ [a1]: 'A1', [b1]: 'B1', [a2]: 'A2', [b2]: 'B2' });
    const second = page.generations.find((generation) => generation.id === a2);
    expect(second?.parentVersion).toEqual({ tree: 0, number: 1 });
    // A downloaded original is named by project, version and view.
    const original = await call(second!.images[1]!.url!);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toBe('inline; filename="riverside-library-A2-2.jpg"');
    await original.arrayBuffer();
  });

  it('names the generations a project held before names existed, as the review page lettered them', async () => {
    const project = await createProject(owner.token);
    const at = (minute: number) => 1_800_000_000_000 + minute * 60_000;
    const a1 = await placeGeneration({ userId: owner.user.id, projectId: project.id, createdAt: at(1) });
    const b1 = await placeGeneration({ userId: owner.user.id, projectId: project.id, createdAt: at(2) });
    const a2 = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: a1, createdAt: at(3) });
    const a3 = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: a1, createdAt: at(4) });
    const a4 = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: a2, createdAt: at(5) });
    // A parent outside the project makes a root.
    const outside = await placeGeneration({ userId: owner.user.id, projectId: null, createdAt: at(0) });
    const c1 = await placeGeneration({ userId: owner.user.id, projectId: project.id, parentId: outside, createdAt: at(6) });
    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.includes('_version_names'));
    const backfill = migration?.queries.filter((query) => /^\s*(--[^\n]*\n\s*)*(with|insert)/i.test(query)) ?? [];
    expect(backfill).toHaveLength(2);
    // The backfill runs over every row again: start from a register with this project's names only.
    await env.DB.prepare('delete from version_names').run();
    await env.DB.prepare('update generations set version_tree = null, version_number = null where project_id is not ?').bind(project.id).run();
    for (const query of backfill) await env.DB.prepare(query).run();
    expect(await namesIn(project.id)).toEqual({ [a1]: 'A1', [b1]: 'B1', [a2]: 'A2', [a3]: 'A3', [a4]: 'A4', [c1]: 'C1' });
    const registered = await env.DB.prepare('select count(*) as n from version_names where project_id = ?').bind(project.id).first<{ n: number }>();
    expect(registered?.n).toBe(6);
    // New versions continue from the register.
    expect(named((await item(await make({ parentId: a4 }))).version)).toBe('A5');
  });
});
