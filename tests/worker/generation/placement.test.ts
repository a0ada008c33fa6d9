import { introspectWorkflow } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { briefPromptAddition } from '#shared/brief';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import type { VersionedItem } from '#shared/generations-types';
import type { Project, ProjectDetail } from '#shared/project-types';
import { FakeGemini } from '../../fakes/gemini';
import { call, json, type SignedUp } from '../helpers';
import { balance, generate, ledgerRows, setCredits, userWith } from '../studio/helpers';
import { imageCalls, settleJobs, submit, useGemini } from './job-helpers';
import { createProject, errorField, placeGeneration } from '../projects/helpers';

const PROMPT = 'A brick library around a courtyard with a reflecting pool';
/** Small images keep the jobs quick on a loaded machine; sizes are not what these tests check. */
const SMALL_IMAGE = { kind: 'image', width: 96, height: 96 } as const;
const BRIEF = { materials: 'red brick, weathered oak', timeOfDay: 'golden hour' };

let owner: SignedUp;
let other: SignedUp;
beforeEach(async () => {
  owner = await userWith({ plan: 'pro', credits: 12 });
  other = await userWith({ plan: 'pro', credits: 12 });
});

async function jobCount(userId: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from generation_jobs where user_id = ?').bind(userId).first<{ n: number }>();
  return row?.n ?? -1;
}

async function expectNothingCharged(user: SignedUp): Promise<void> {
  expect(await balance(user.user.id)).toBe(12);
  expect((await ledgerRows(user.user.id)).filter((row) => row.reason === 'generation')).toEqual([]);
  expect(await jobCount(user.user.id)).toBe(0);
}

describe('generating into a project that is not the caller’s', () => {
  it('answers 404 for someone else’s (or a missing) project or parent, and charges nothing', async () => {
    const theirs = await createProject(other.token);
    const theirGeneration = await placeGeneration({ userId: other.user.id, projectId: theirs.id });
    const refused = [
      [{ projectId: theirs.id }, 'projectId'],
      [{ projectId: 'missing' }, 'projectId'],
      [{ parentId: theirGeneration }, 'parentId'],
      [{ parentId: theirGeneration, projectId: null }, 'parentId'],
    ] as const;
    for (const [placement, field] of refused) {
      const response = await generate(owner.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1, ...placement });
      expect(response.status).toBe(404);
      expect(await errorField(response)).toBe(field);
    }
    await expectNothingCharged(owner);
  });

  it('refuses a refinement naming another user’s generation image, and charges nothing', async () => {
    const mine = await createProject(owner.token);
    const parent = await placeGeneration({ userId: owner.user.id, projectId: mine.id });
    const foreignKey = `generations/${other.user.id}/${crypto.randomUUID()}/0.jpg`;
    const response = await generate(owner.token, {
      prompt: 'Make the brick darker',
      model: 'concept',
      isRefinement: true,
      parentId: parent,
      referenceImages: [foreignKey],
    });
    expect(response.status).toBe(403);
    expect(await errorField(response)).toBe('referenceImages');
    await expectNothingCharged(owner);
  });
});

describe('generating in a project', () => {
  let fake: FakeGemini;
  let restore: () => void = () => {};
  beforeEach(() => {
    fake = new FakeGemini().install();
  });
  afterEach(() => {
    restore();
    restore = () => {};
    fake.uninstall();
  });

  it('sends the brief’s words to the engine, keeps the user’s prompt, and records the brief', async () => {
    restore = useGemini(fake, () => SMALL_IMAGE);
    const project = await createProject(owner.token, 'Riverside library', BRIEF);
    const addition = briefPromptAddition(BRIEF);
    const response = await submit(owner.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1, projectId: project.id });
    expect(response.status).toBe(202);
    const started = await json<GenerateAcceptedResponse>(response);
    // The studio can show the brief's words at once.
    expect(started.job).toMatchObject({ prompt: PROMPT, projectId: project.id, briefAddition: addition });
    await settleJobs(owner.token);

    const [engineCall] = imageCalls(fake);
    const text = engineCall?.body.contents.at(-1)?.parts.flatMap((part) => ('text' in part ? [part.text] : [])).join(' ');
    expect(text).toContain(PROMPT);
    expect(text).toContain('Materials: red brick, weathered oak.');
    expect(text).toContain('Time of day: golden hour.');
    // Validation judged what the engine gets: the user's words, then the brief as a quoted part of its own (docs/decisions/0083).
    const validation = fake.calls.find((fakeCall) => fakeCall.model === env.GEMINI_TEXT_MODEL);
    const [own, brief] = validation?.body.contents.at(-1)?.parts ?? [];
    expect(own).toEqual({ text: PROMPT });
    expect(brief && 'text' in brief ? brief.text : '').toContain(`<project_brief>${JSON.stringify(addition)}</project_brief>`);

    const item = await json<VersionedItem>(await call(`/api/generations/${started.generationId}`, { token: owner.token }));
    expect(item).toMatchObject({ prompt: PROMPT, projectId: project.id, briefVersion: 1, briefAddition: addition, parentId: null });
    const detail = await json<ProjectDetail>(await call(`/api/projects/${project.id}`, { token: owner.token }));
    expect(detail.generations.map((generation) => generation.id)).toEqual([started.generationId]);
    expect(Date.parse(detail.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
  });

  it('puts a refinement in its parent’s project, and records the brief version it was made with', async () => {
    restore = useGemini(fake, () => SMALL_IMAGE);
    const project = await createProject(owner.token, 'Hillside house', BRIEF);
    const first = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id }));
    expect(first).toMatchObject({ success: true, projectId: project.id, briefAddition: briefPromptAddition(BRIEF) });
    await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { brief: { season: 'monsoon overcast' } } });
    const refined = await generate(owner.token, {
      prompt: 'The same view with a deeper roof overhang',
      model: 'concept',
      numberOfViews: 1,
      isRefinement: true,
      parentId: first.generationId,
      referenceImages: [first.images[0]!.storagePath],
    });
    expect(refined.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(refined);
    expect(body).toMatchObject({ projectId: project.id, parentId: first.generationId });
    expect(body.briefAddition).toContain('Season and weather: monsoon overcast.');
    const item = await json<VersionedItem>(await call(`/api/generations/${body.generationId}`, { token: owner.token }));
    expect(item).toMatchObject({ projectId: project.id, parentId: first.generationId, briefVersion: 2 });
    // Outside any project on request, the parent still recorded.
    const outside = await json<GenerateSuccessResponse>(
      await generate(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, parentId: first.generationId, projectId: null }),
    );
    expect(outside.projectId).toBeUndefined();
    expect(outside.briefAddition).toBeUndefined();
    expect(await json<VersionedItem>(await call(`/api/generations/${outside.generationId}`, { token: owner.token }))).toMatchObject({
      projectId: null,
      parentId: first.generationId,
      briefVersion: null,
      briefAddition: null,
    });
  });

  it('sends the hero’s first image to Concept as a reference, after the user’s own', async () => {
    restore = useGemini(fake, () => SMALL_IMAGE);
    await setCredits(owner.user.id, 40);
    const project = await createProject(owner.token, 'Pavilion');
    const hero = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id }));
    const patched = await call(`/api/projects/${project.id}`, { method: 'PATCH', token: owner.token, body: { heroGenerationId: hero.generationId } });
    expect((await json<Project>(patched)).heroGenerationId).toBe(hero.generationId);
    const heroKey = hero.images[0]!.storagePath;
    const heroBytes = new Uint8Array(await (await env.MEDIA.get(heroKey))!.arrayBuffer());

    const concept = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt: PROMPT, model: 'concept', numberOfViews: 1, projectId: project.id }));
    expect(concept.metadata.referenceImages).toEqual([heroKey]);
    const parts = imageCalls(fake).at(-1)?.body.contents.at(-1)?.parts ?? [];
    const images = parts.flatMap((part) => ('inlineData' in part ? [part.inlineData] : []));
    expect(images).toHaveLength(1);
    expect(images[0]!.mimeType).toBe('image/jpeg');
    expect(images[0]!.data).toBe(btoa(String.fromCharCode(...heroBytes)));
    // A refinement sends the user's own image first, then the hero; naming the hero itself sends it once.
    const ownKey = concept.images[0]!.storagePath;
    const refine = (referenceImages: string[]) =>
      generate(owner.token, { prompt: 'Warmer light', model: 'concept', numberOfViews: 1, isRefinement: true, parentId: concept.generationId, referenceImages });
    expect((await json<GenerateSuccessResponse>(await refine([ownKey]))).metadata.referenceImages).toEqual([ownKey, heroKey]);
    expect((await json<GenerateSuccessResponse>(await refine([heroKey]))).metadata.referenceImages).toEqual([heroKey]);
    expect(imageCalls(fake).at(-1)?.body.contents.at(-1)?.parts.filter((part) => 'inlineData' in part)).toHaveLength(1);
    // Other models take no image.
    await generate(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id });
    expect(imageCalls(fake).at(-1)?.body.contents.at(-1)?.parts.some((part) => 'inlineData' in part)).toBe(false);
  });

  it('keeps a generation whose project was deleted while it ran, outside any project', async () => {
    restore = useGemini(fake, () => SMALL_IMAGE);
    await using workflows = await introspectWorkflow(env.GENERATION_WORKFLOW);
    // The job's first step fails once, so the project is gone before any view is made.
    await workflows.modifyAll(async (m) => m.mockStepError({ name: 'begin' }, new Error('held for the test'), 1));
    const project = await createProject(owner.token, 'Short-lived', BRIEF);
    const { generationId } = await json<GenerateAcceptedResponse>(
      await submit(owner.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, projectId: project.id }),
    );
    expect((await call(`/api/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    await settleJobs(owner.token);
    const item = await json<VersionedItem>(await call(`/api/generations/${generationId}`, { token: owner.token }));
    expect(item).toMatchObject({ projectId: null, briefAddition: briefPromptAddition(BRIEF), briefVersion: 1 });
    expect(await balance(owner.user.id)).toBe(11);
  });
});
