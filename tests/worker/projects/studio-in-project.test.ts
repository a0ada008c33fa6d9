/**
 * What the studio inside a project asks of the Worker (docs/decisions/0070-studio-in-a-project.md,
 * amended by 0087): the history of one project only, and a generation made without the brief.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { briefPromptAddition } from '#shared/brief';
import type { GenerationsPage, VersionedItem } from '#shared/generations-types';
import { FakeGemini } from '../../fakes/gemini';
import { call, json, signUp, type SignedUp } from '../helpers';
import { generate, userWith } from '../studio/helpers';
import { imageCalls, useGemini } from '../generation/job-helpers';
import { createProject, placeGeneration } from './helpers';

const BRIEF = { materials: 'rammed earth, cedar shingles', timeOfDay: 'blue hour' };

let owner: SignedUp;
beforeEach(async () => {
  owner = await userWith({ plan: 'pro', credits: 20 });
});

describe('the history of one project', () => {
  it('lists only that project’s generations, newest first, page by page; another user’s project lists nothing', async () => {
    const project = await createProject(owner.token);
    const elsewhere = await createProject(owner.token, 'Elsewhere');
    const inside = [1, 2, 3].map((minute) => placeGeneration({ userId: owner.user.id, projectId: project.id, createdAt: 1_800_000_000_000 + minute * 60_000 }));
    const ids = await Promise.all(inside);
    await placeGeneration({ userId: owner.user.id, projectId: elsewhere.id });
    await placeGeneration({ userId: owner.user.id, projectId: null });

    const first = await json<GenerationsPage>(await call(`/api/generations?projectId=${project.id}&limit=2`, { token: owner.token }));
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.items.every((item) => item.projectId === project.id)).toBe(true);
    const second = await json<GenerationsPage>(await call(`/api/generations?projectId=${project.id}&limit=2&cursor=${first.nextCursor}`, { token: owner.token }));
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    // Without the filter: everything of the owner's.
    expect((await json<GenerationsPage>(await call('/api/generations', { token: owner.token }))).items).toHaveLength(5);

    const stranger = await signUp();
    expect((await json<GenerationsPage>(await call(`/api/generations?projectId=${project.id}`, { token: stranger.token }))).items).toEqual([]);
    expect((await call(`/api/generations?projectId=${'x'.repeat(65)}`, { token: owner.token })).status).toBe(400);
  });
});

describe('a generation without the brief', () => {
  let fake: FakeGemini;
  let restore: () => void = () => {};
  beforeEach(() => {
    fake = new FakeGemini().install();
    restore = useGemini(fake, () => ({ kind: 'image', width: 96, height: 96 }));
  });
  afterEach(() => {
    restore();
    fake.uninstall();
  });

  it('sends the user’s words alone, records no brief, and still goes into the project with its name', async () => {
    const project = await createProject(owner.token, 'Earth house', BRIEF);
    const prompt = 'A courtyard house with a deep shaded veranda';
    const withBrief = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt, model: 'fast', numberOfViews: 1, projectId: project.id }));
    expect(withBrief.briefAddition).toBe(briefPromptAddition(BRIEF));
    const engineText = () => imageCalls(fake).at(-1)?.body.contents.at(-1)?.parts.flatMap((part) => ('text' in part ? [part.text] : [])).join(' ') ?? '';
    expect(engineText()).toContain('rammed earth');

    const response = await generate(owner.token, { prompt, model: 'fast', numberOfViews: 1, projectId: project.id, applyBrief: false });
    expect(response.status).toBe(200);
    const plain = await json<GenerateSuccessResponse>(response);
    expect(plain.briefAddition).toBeUndefined();
    expect(engineText()).toContain(prompt);
    expect(engineText()).not.toContain('rammed earth');
    const item = await json<VersionedItem>(await call(`/api/generations/${plain.generationId}`, { token: owner.token }));
    expect(item).toMatchObject({ projectId: project.id, briefAddition: null, briefVersion: null, version: { tree: 1, number: 1 } });
    // A wrong type is refused before anything is charged.
    const before = await env.DB.prepare('select credits from users where id = ?').bind(owner.user.id).first<{ credits: number }>();
    expect((await generate(owner.token, { prompt, model: 'fast', projectId: project.id, applyBrief: 'no' })).status).toBe(400);
    expect((await env.DB.prepare('select credits from users where id = ?').bind(owner.user.id).first<{ credits: number }>())?.credits).toBe(before?.credits);
  });
});
