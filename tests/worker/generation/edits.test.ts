/**
 * POST /api/generations/:id/images/:index/edits (docs/decisions/0084-region-edit.md): who may edit
 * what, what is refused before any charge, one charge, a refund when the answer will not line up,
 * idempotency, and the result as a child of its source with its mask.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateFailureResponse, GenerateSuccessResponse } from '#shared/api-types';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import type { LineageResponse } from '#shared/generations-types';
import { regionEditMessages } from '#shared/messages';
import { EDIT_INSTRUCTION_MAX_CHARS } from '#shared/region-edit';
import { FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { balance, decodeImage, ledgerRows, ledgerSum, setCredits, upload, userWith } from '../studio/helpers';
import { ended, generation, keysUnderPrefix, maskBase64, postEdit, source } from './edit-helpers';
import { imageCalls, useGemini } from './job-helpers';

const box = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

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

describe('a region edit', () => {
  it('charges one view of the model once, and makes a child of the source with its mask, the source’s size and kind "edit"', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const before = await balance(user.user.id);
    const response = await postEdit(user.token, made.id, 0, { instruction: '  replace the  door with a red one ', mask: maskBase64(made.width, made.height, box(400, 500, 600, 800)), model: 'standard' });
    expect(response.status).toBe(202);
    const accepted = await json<GenerateAcceptedResponse>(response);
    expect(accepted.job).toMatchObject({ kind: 'edit', numberOfViews: 1, model: 'standard', prompt: 'replace the door with a red one', parentId: made.id, creditsCharged: 2 });
    expect(accepted.creditsLeft).toBe(before - 2);
    const job = await ended(user.token, accepted.jobId);
    expect(job.status).toBe('done');

    const result = await generation(user.token, accepted.generationId);
    expect(result).toMatchObject({ kind: 'edit', parentId: made.id, edit: { sourceId: made.id, sourceIndex: 0, featherPx: 8 } });
    expect(result.images).toHaveLength(1);
    expect(result.images[0]).toMatchObject({ width: made.width, height: made.height });
    const mask = decodeImage(new Uint8Array(await (await call(result.edit!.maskUrl)).arrayBuffer()));
    expect([mask.width, mask.height]).toEqual([made.width, made.height]);
    expect(mask.pixels[(600 * made.width + 500) * 4]).toBe(255);
    expect(mask.pixels[(100 * made.width + 100) * 4]).toBe(0);
    expect((await generation(user.token, made.id)).kind).toBe('generate');

    const lineage = await json<LineageResponse>(await call(`/api/generations/${made.id}/lineage`, { token: user.token }));
    expect(lineage.descendants.map((item) => [item.id, item.kind])).toEqual([[accepted.generationId, 'edit']]);
    expect((await ledgerRows(user.user.id)).filter((row) => row.generation_id === accepted.generationId).map((row) => row.delta)).toEqual([-2]);
    expect(await balance(user.user.id)).toBe(before - 2);
  });

  it('waits for the edit without `Prefer`, takes the source’s tier when none is named, and reads a mask by its alpha', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const response = await call(`/api/generations/${made.id}/images/0/edits`, {
      method: 'POST',
      token: user.token,
      body: { instruction: 'make the wall board-marked concrete', mask: maskBase64(made.width, made.height, box(0, 0, 300, 300), { transparent: true }) },
    });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    expect(body).toMatchObject({ success: true, creditsCharged: 1, metadata: { model: 'fast', actualViews: 1 } });
    // The mask touching the image's corner kept its shape: white up to (299, 299), black beyond.
    const mask = decodeImage(new Uint8Array(await (await call((await generation(user.token, body.generationId)).edit!.maskUrl)).arrayBuffer()));
    expect(mask.pixels[(299 * made.width + 299) * 4]).toBe(255);
    expect(mask.pixels[(300 * made.width + 300) * 4]).toBe(0);
  });

  it('accepts the mask as an upload of the caller’s own, and refuses anyone else’s', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const other = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const png = Uint8Array.from(atob(maskBase64(made.width, made.height, box(100, 100, 200, 200))), (char) => char.charCodeAt(0));
    const { path } = await json<{ path: string }>(await upload(user.token, png, 'mask.png'));
    const response = await postEdit(user.token, made.id, 0, { instruction: 'add a yellow awning', mask: path });
    expect(response.status).toBe(202);
    expect((await ended(user.token, (await json<GenerateAcceptedResponse>(response)).jobId)).status).toBe('done');

    const theirs = await source(other.token);
    const foreign = await postEdit(other.token, theirs.id, 0, { instruction: 'add a yellow awning', mask: path });
    expect(foreign.status).toBe(403);
  });
});

describe('refusals, with nothing charged', () => {
  it('answers 404 for anyone else’s generation and for an image it does not have', async () => {
    const owner = await userWith({ plan: 'pro', credits: 20 });
    const other = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(owner.token);
    const mask = maskBase64(made.width, made.height, box(10, 10, 50, 50));
    expect((await postEdit(other.token, made.id, 0, { instruction: 'add a tree', mask })).status).toBe(404);
    expect((await postEdit(owner.token, made.id, 1, { instruction: 'add a tree', mask })).status).toBe(404);
    expect((await postEdit(owner.token, 'no-such-generation', 0, { instruction: 'add a tree', mask })).status).toBe(404);
    expect((await call(`/api/generations/${made.id}/images/0/edits`, { method: 'POST', body: { instruction: 'add a tree', mask } })).status).toBe(401);
    expect(await balance(other.user.id)).toBe(20);
  });

  it('answers 400 naming the field for an empty, wrong-sized or unreadable mask and an empty or long instruction', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const before = await balance(user.user.id);
    const good = maskBase64(made.width, made.height, box(10, 10, 50, 50));
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ instruction: 'add a tree', mask: maskBase64(made.width, made.height, () => false) }, 'mask', regionEditMessages.maskEmpty],
      [{ instruction: 'add a tree', mask: maskBase64(made.width, made.height, () => false, { transparent: true }) }, 'mask', regionEditMessages.maskEmpty],
      [{ instruction: 'add a tree', mask: maskBase64(made.width / 2, made.height / 2, () => true) }, 'mask', regionEditMessages.maskWrongSize(made.width, made.height)],
      [{ instruction: 'add a tree', mask: btoa('not an image at all') }, 'mask', regionEditMessages.maskUnreadable],
      [{ instruction: '   ', mask: good }, 'instruction', regionEditMessages.emptyInstruction],
      [{ instruction: 'x'.repeat(EDIT_INSTRUCTION_MAX_CHARS + 1), mask: good }, 'instruction', regionEditMessages.instructionTooLong(EDIT_INSTRUCTION_MAX_CHARS)],
      [{ instruction: 'add a tree', mask: good, model: 'imagen' }, 'model', expect.any(String)],
    ];
    for (const [body, field, message] of cases) {
      const response = await postEdit(user.token, made.id, 0, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await json<{ error: { field: string; message: string } }>(response)).toMatchObject({ error: { field, message } });
    }
    expect(await balance(user.user.id)).toBe(before);
    expect(await ledgerSum(user.user.id)).toBe(before);
  });

  it('answers 402 when the chosen tier costs more than the balance', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    await setCredits(user.user.id, 2);
    const response = await postEdit(user.token, made.id, 0, { instruction: 'add a tree', mask: maskBase64(made.width, made.height, box(10, 10, 90, 90)), model: 'ultra' });
    expect(response.status).toBe(402);
    expect(await balance(user.user.id)).toBe(2);
  });
});

describe('a job like any other', () => {
  it('starts one job for one Idempotency-Key, charged once', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const before = await balance(user.user.id);
    const body = { instruction: 'make the roof green', mask: maskBase64(made.width, made.height, box(200, 100, 700, 300)) };
    const headers = { 'Idempotency-Key': `edit-${made.id}` };
    const [first, second] = await Promise.all([postEdit(user.token, made.id, 0, body, headers), postEdit(user.token, made.id, 0, body, headers)]);
    const ids = [(await json<GenerateAcceptedResponse>(first)).jobId, (await json<GenerateAcceptedResponse>(second)).jobId];
    expect(ids[0]).toBe(ids[1]);
    await ended(user.token, ids[0]!);
    expect(await balance(user.user.id)).toBe(before - 1);
  });

  it('refunds an edit whose answer cannot be lined up after one more try, balanced in the ledger and leaving no object behind', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const made = await source(user.token);
    const before = await balance(user.user.id);
    restore = useGemini(fake, () => ({ kind: 'edited', shift: [200, 120] }));
    const response = await call(`/api/generations/${made.id}/images/0/edits`, {
      method: 'POST',
      token: user.token,
      body: { instruction: 'make the wall green', mask: maskBase64(made.width, made.height, box(300, 300, 600, 600)), model: 'standard' },
    });
    expect(response.status).toBe(502);
    const body = await json<GenerateFailureResponse>(response);
    expect(body).toMatchObject({ success: false, refunded: true, creditsRefunded: 2, failureReason: 'misaligned' });
    expect(imageCalls(fake)).toHaveLength(2);
    expect(await balance(user.user.id)).toBe(before);
    expect(await ledgerSum(user.user.id)).toBe(before);
    expect((await ledgerRows(user.user.id)).filter((row) => row.generation_id === body.generationId).map((row) => row.delta)).toEqual([-2, 2]);
    expect(await keysUnderPrefix(`generations/${user.user.id}/${body.generationId}/`)).toEqual([]);
    expect(await keysUnderPrefix(`jobs/${user.user.id}/${body.generationId}/`)).toEqual([]);
  });
});
