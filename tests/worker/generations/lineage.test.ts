import { beforeEach, describe, expect, it } from 'vitest';
import type { LineageResponse } from '#shared/generations-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { clearGenerations } from '../gallery/gallery-helpers';
import { createProject, placeGeneration } from '../projects/helpers';

let owner: SignedUp;
let other: SignedUp;
beforeEach(async () => {
  await clearGenerations();
  owner = await signUp();
  other = await signUp();
});

async function lineageOf(token: string, id: string): Promise<Response> {
  return call(`/api/generations/${id}/lineage`, { token });
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('lineage', () => {
  it('follows four generations with a branch: root → a → b and root → c', async () => {
    const project = await createProject(owner.token);
    const place = (createdAt: number, parentId?: string) => placeGeneration({ userId: owner.user.id, projectId: project.id, parentId, createdAt });
    const root = await place(1_000);
    const a = await place(2_000, root);
    const c = await place(3_000, root);
    const b = await place(4_000, a);

    const ofB = await json<LineageResponse>(await lineageOf(owner.token, b));
    expect(ids(ofB.ancestors)).toEqual([root, a]);
    expect(ofB.descendants).toEqual([]);
    const ofRoot = await json<LineageResponse>(await lineageOf(owner.token, root));
    expect(ofRoot.ancestors).toEqual([]);
    expect(ids(ofRoot.descendants)).toEqual([a, c, b]);
    expect(ofRoot.descendants.map((item) => item.parentId)).toEqual([root, root, a]);
    const ofA = await json<LineageResponse>(await lineageOf(owner.token, a));
    expect([ids(ofA.ancestors), ids(ofA.descendants)]).toEqual([[root], [b]]);
  });

  it('is the owner’s only: 404 for anyone else, and never walks into another user’s rows', async () => {
    const mine = await placeGeneration({ userId: owner.user.id });
    expect((await lineageOf(other.token, mine)).status).toBe(404);
    expect((await lineageOf(owner.token, 'missing')).status).toBe(404);
    expect((await call(`/api/generations/${mine}/lineage`)).status).toBe(401);
    // A row of someone else naming my generation as its parent (or I naming theirs) joins no tree of mine.
    const theirs = await placeGeneration({ userId: other.user.id, parentId: mine });
    const child = await placeGeneration({ userId: owner.user.id, parentId: theirs });
    expect(await json<LineageResponse>(await lineageOf(owner.token, mine))).toEqual({ ancestors: [], descendants: [] });
    expect(await json<LineageResponse>(await lineageOf(owner.token, child))).toEqual({ ancestors: [], descendants: [] });
  });
});
