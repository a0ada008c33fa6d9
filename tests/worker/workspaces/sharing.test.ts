/**
 * Sharing inside the practice (docs/decisions/0096-workspaces.md): members build on each other's
 * versions — a refinement from a colleague's image, an upscale of it — the version tree says who
 * made each, and a client's review link names the practice, never a person.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { ProjectDetail, Project } from '#shared/project-types';
import type { ReviewPage, ReviewReply } from '#shared/review-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { postComment } from '../review/review-helpers';
import { pngBytes } from '../studio/helpers';
import { createWorkspace, inWorkspace, joinAs, setPool, setWorkspacePlan } from './helpers';

const PROMPT = 'A timber pavilion in a birch forest at dusk';

let owner: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let workspaceId: string;
let project: Project;
let first: GenerateSuccessResponse;
const at = (path: string) => inWorkspace(path, workspaceId);

beforeAll(async () => {
  owner = await signUp();
  workspaceId = (await createWorkspace(owner, 'Studio Arc')).id;
  alice = await joinAs(owner, workspaceId, 'member');
  bob = await joinAs(owner, workspaceId, 'member');
  await setPool(workspaceId, 40);
  await setWorkspacePlan(workspaceId, 'pro');
  project = await json<Project>(await call(at('/api/projects'), { method: 'POST', token: alice.token, body: { name: 'Boathouse' } }));
  const made = await call(at('/api/generate'), { method: 'POST', token: alice.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id } });
  expect(made.status).toBe(200);
  first = await json<GenerateSuccessResponse>(made);
});

describe('a workspace’s versions', () => {
  it('may be refined by a colleague from the stored image, and the tree says who made each', async () => {
    const refined = await call(at('/api/generate'), {
      method: 'POST',
      token: bob.token,
      body: {
        prompt: 'The same view with a deeper roof overhang',
        model: 'concept',
        numberOfViews: 1,
        isRefinement: true,
        parentId: first.generationId,
        referenceImages: [first.images[0]!.storagePath],
      },
    });
    expect(refined.status).toBe(200);
    const child = await json<GenerateSuccessResponse>(refined);
    expect(child).toMatchObject({ projectId: project.id, parentId: first.generationId });
    const detail = await json<ProjectDetail>(await call(at(`/api/projects/${project.id}`), { token: owner.token }));
    expect(detail.workspaceId).toBe(workspaceId);
    expect(detail.generations.map((generation) => [generation.id, generation.author?.email])).toEqual([
      [first.generationId, alice.email],
      [child.generationId, bob.email],
    ]);
  });

  it('refuses a stored image from outside the workspace, even the member’s own personal one', async () => {
    const personal = await json<GenerateSuccessResponse>(
      await call('/api/generate', { method: 'POST', token: bob.token, body: { prompt: PROMPT, model: 'fast', numberOfViews: 1 } }),
    );
    const refused = await call(at('/api/generate'), {
      method: 'POST',
      token: bob.token,
      body: { prompt: 'Warmer light', model: 'concept', numberOfViews: 1, isRefinement: true, referenceImages: [personal.images[0]!.storagePath] },
    });
    expect(refused.status).toBe(403);
  });

  it('may be upscaled by a colleague, the result a child made from the colleague’s image', async () => {
    const upscaled = await call(at(`/api/generations/${first.generationId}/images/0/upscale`), { method: 'POST', token: bob.token, body: {} });
    expect(upscaled.status).toBe(200);
    const result = await json<GenerateSuccessResponse>(upscaled);
    expect(result.images[0]).toMatchObject({ width: (first.images[0]?.width ?? 0) * 2 });
    const item = await json<{ parentId: string; author: { email: string } }>(await call(at(`/api/generations/${result.generationId}`), { token: alice.token }));
    expect(item).toMatchObject({ parentId: first.generationId, author: { email: bob.email } });
  });

  it('may be deleted by their maker or an admin, not by another member', async () => {
    expect((await call(at(`/api/generations/${first.generationId}`), { method: 'DELETE', token: bob.token })).status).toBe(403);
  });
});

describe('a review link of a workspace project', () => {
  it('names the practice with its logo, never a person, and a reply is signed by the practice', async () => {
    const form = new FormData();
    form.append('file', new File([pngBytes(16, 16)], 'logo.png', { type: 'image/png' }));
    expect((await call(`/api/workspaces/${workspaceId}/logo`, { method: 'PUT', token: owner.token, body: form })).status).toBe(200);
    const link = await json<{ token: string }>(await call(at(`/api/projects/${project.id}/review-links`), { method: 'POST', token: alice.token, body: {} }));
    const page = await json<ReviewPage>(await call(`/api/review/${link.token}`));
    expect(page.practice?.name).toBe('Studio Arc');
    expect(page.practice?.logoUrl).toMatch(/^\/media\/logos\//);
    expect((await call(page.practice?.logoUrl ?? '')).status).toBe(200);
    expect(page.generations.map((generation) => generation.id)).toContain(first.generationId);
    expect(page.watermarked).toBe(false);
    const serialised = JSON.stringify(page);
    for (const person of [owner, alice, bob]) expect(serialised).not.toContain(person.email);

    const comment = await json<{ id: string }>(await postComment(link.token, { generationId: first.generationId, body: 'Lower the roof?', name: 'Client' }));
    const replied = await call(at(`/api/review-comments/${comment.id}/replies`), { method: 'POST', token: bob.token, body: { body: 'Yes, in the next version.' } });
    expect(replied.status).toBe(201);
    expect(await json<ReviewReply>(replied)).toMatchObject({ authorName: 'Studio Arc' });
  });

  it('stops working once the workspace is deleted', async () => {
    const link = await json<{ token: string }>(await call(at(`/api/projects/${project.id}/review-links`), { method: 'POST', token: alice.token, body: {} }));
    expect((await call(`/api/review/${link.token}`)).status).toBe(200);
    expect((await call(`/api/workspaces/${workspaceId}`, { method: 'DELETE', token: alice.token })).status).toBe(403);
    expect((await call(`/api/workspaces/${workspaceId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(`/api/review/${link.token}`)).status).toBe(404);
    expect((await call(`/api/workspaces/${workspaceId}`, { token: owner.token })).status).toBe(404);
    expect((await call(at(`/api/projects/${project.id}`), { token: alice.token })).status).toBe(404);
  });
});
