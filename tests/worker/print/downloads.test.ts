/**
 * ZIP downloads (docs/decisions/0089-print-resolution.md): a project's (owner), a selection's
 * (POST /api/downloads, at most 200, all the caller's) and a review link's (only when it allows
 * downloads). Each entry is an image's JPEG, stored (not deflated), named by project, view and
 * version, unique; everything else is a 400, 401 or 404 with nothing streamed.
 */
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/api-types';
import { printMessages } from '#shared/messages';
import { ARCHIVE_BYTES_HEADER, ARCHIVE_IMAGES_HEADER, DOWNLOAD_MAX_GENERATIONS } from '#shared/print';
import { createDatabase } from '../../../worker/db/client';
import { slugOf } from '../../../worker/downloads/entry-names';
import { nameVersionStatements } from '../../../worker/generations';
import { call, json } from '../helpers';
import { userWith } from '../studio/helpers';
import { bytesOf as fakeJpeg, createLink, insertProject, insertVersion } from '../review/review-helpers';

interface Unzipped {
  /** Entry name → its bytes, in the archive's order. */
  files: Map<string, Uint8Array>;
  /** Entry name → its compression method (0: stored). */
  methods: Map<string, number>;
}

async function unzipped(response: Response): Promise<Unzipped> {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/zip');
  const methods = new Map<string, number>();
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()), {
    filter: (file) => {
      methods.set(file.name, file.compression);
      return true;
    },
  });
  return { files: new Map(Object.entries(files)), methods };
}

function projectZip(token: string | undefined, projectId: string): Promise<Response> {
  return call(`/api/projects/${projectId}/download`, { token });
}

function selectionZip(token: string | undefined, generationIds: unknown): Promise<Response> {
  return call('/api/downloads', { method: 'POST', token, body: { generationIds } });
}

/** Makes the generations' creation times follow the given order, a second apart (inserts in one millisecond would tie). */
async function inOrder(ids: string[]): Promise<void> {
  const start = Date.now() - ids.length * 1000;
  await env.DB.batch(ids.map((id, i) => env.DB.prepare('update generations set created_at = ? where id = ?').bind(start + i * 1000, id)));
}

/** Names the generations in their project in this order, as the Worker does when each enters it. */
async function nameInOrder(userId: string, projectId: string, ids: string[]): Promise<void> {
  const db = createDatabase(env.DB);
  for (const id of ids) await env.DB.batch(nameVersionStatements(db, { userId, workspaceId: null }, id, projectId));
}

/** Records each image's byte size in its row, as images saved since ZIP downloads have it. */
async function recordSizes(generationId: string): Promise<void> {
  const row = await env.DB.prepare('select images from generations where id = ?').bind(generationId).first<{ images: string }>();
  const images = JSON.parse(row!.images) as { key: string }[];
  const sized = await Promise.all(images.map(async (image) => ({ ...image, bytes: (await env.MEDIA.head(image.key))!.size })));
  await env.DB.prepare('update generations set images = ? where id = ?').bind(JSON.stringify(sized), generationId).run();
}

describe('a project’s ZIP', () => {
  it('holds every image’s JPEG, stored, named by project, version name and view, each name unique', async () => {
    const owner = await userWith({ plan: 'pro' });
    const projectId = await insertProject(owner.user.id, 'Riverside Library — Phase 2');
    const root = await insertVersion({ userId: owner.user.id, projectId, prompt: 'A brick library around a courtyard, eye level', imageCount: 2 });
    const child = await insertVersion({ userId: owner.user.id, projectId, parentId: root, prompt: 'A brick library around a courtyard, eye level' });
    // A second child of the same words: its own version name keeps its file apart from the first's.
    const twin = await insertVersion({ userId: owner.user.id, projectId, parentId: root, prompt: 'A brick library around a courtyard, eye level' });
    const grandchild = await insertVersion({ userId: owner.user.id, projectId, parentId: child, prompt: 'Café façade at dusk: naïve "quotes" / slashes \\ and ../dots' });
    // Made outside the project, then moved in: a parent outside makes it the root of a new tree.
    const outside = await insertVersion({ userId: owner.user.id, projectId: null, prompt: 'A pergola' });
    const moved = await insertVersion({ userId: owner.user.id, projectId, parentId: outside, prompt: 'A pergola' });
    await inOrder([root, child, twin, grandchild, outside, moved]);
    await nameInOrder(owner.user.id, projectId, [root, child, twin, grandchild, moved]);

    const response = await projectZip(owner.token, projectId);
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="riverside-library-phase-2.zip"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get(ARCHIVE_IMAGES_HEADER)).toBe('6');
    const { files, methods } = await unzipped(response);
    const folder = 'riverside-library-phase-2';
    expect([...files.keys()]).toEqual([
      `${folder}/A1-1-a-brick-library-around-a-courtyard-eye-level.jpg`,
      `${folder}/A1-2-a-brick-library-around-a-courtyard-eye-level.jpg`,
      `${folder}/A2-a-brick-library-around-a-courtyard-eye-level.jpg`,
      `${folder}/A3-a-brick-library-around-a-courtyard-eye-level.jpg`,
      `${folder}/A4-cafe-facade-at-dusk-naive-quotes-slashes-and-dots.jpg`,
      `${folder}/B1-a-pergola.jpg`,
    ]);
    expect([...methods.values()].every((method) => method === 0)).toBe(true);
    const keyOf = (id: string, index = 0) => `generations/${owner.user.id}/${id}/${index}.jpg`;
    const expected = [keyOf(root), keyOf(root, 1), keyOf(child), keyOf(twin), keyOf(grandchild), keyOf(moved)];
    expect([...files.values()]).toEqual(expected.map(fakeJpeg));
  });

  it('says its exact size when every image’s size is on record, and not otherwise', async () => {
    const owner = await userWith({ plan: 'pro' });
    const projectId = await insertProject(owner.user.id, 'Sizes');
    const first = await insertVersion({ userId: owner.user.id, projectId, imageCount: 3 });
    await recordSizes(first);
    const sized = await projectZip(owner.token, projectId);
    const declared = Number(sized.headers.get(ARCHIVE_BYTES_HEADER));
    expect((await sized.arrayBuffer()).byteLength).toBe(declared);

    await insertVersion({ userId: owner.user.id, projectId });
    const unsized = await projectZip(owner.token, projectId);
    expect(unsized.headers.get(ARCHIVE_BYTES_HEADER)).toBeNull();
    expect(unsized.headers.get(ARCHIVE_IMAGES_HEADER)).toBe('4');
    await unsized.arrayBuffer();
  });

  it('leaves out an image deleted meanwhile and stays a whole archive; an empty project gives an empty one', async () => {
    const owner = await userWith({ plan: 'pro' });
    const projectId = await insertProject(owner.user.id, 'Gone');
    const id = await insertVersion({ userId: owner.user.id, projectId, imageCount: 2 });
    await nameInOrder(owner.user.id, projectId, [id]);
    await env.MEDIA.delete(`generations/${owner.user.id}/${id}/0.jpg`);
    const { files } = await unzipped(await projectZip(owner.token, projectId));
    expect([...files.keys()]).toEqual(['gone/A1-2-a-timber-pavilion-by-the-lake.jpg']);

    const empty = await insertProject(owner.user.id, 'Empty');
    expect((await unzipped(await projectZip(owner.token, empty))).files.size).toBe(0);
  });

  it('is the owner’s only (404 for anyone else, 401 signed out), and a 409 past 200 generations', async () => {
    const owner = await userWith({ plan: 'pro' });
    const other = await userWith({ plan: 'pro' });
    const projectId = await insertProject(owner.user.id);
    await insertVersion({ userId: owner.user.id, projectId });
    expect((await projectZip(other.token, projectId)).status).toBe(404);
    expect((await projectZip(owner.token, 'no-such-project')).status).toBe(404);
    expect((await projectZip(undefined, projectId)).status).toBe(401);

    const big = await insertProject(owner.user.id, 'Big');
    const rows = Array.from({ length: DOWNLOAD_MAX_GENERATIONS + 1 }, (_, i) =>
      env.DB.prepare(
        `insert into generations (id, user_id, prompt, engine, images, image_count, shuffle_key, project_id)
         values (?, ?, 'A kiosk', 'preview', ?, 1, ?, ?)`,
      ).bind(`big-${owner.user.id}-${i}`, owner.user.id, JSON.stringify([{ key: `generations/${owner.user.id}/big-${i}/0.jpg` }]), i, big),
    );
    await env.DB.batch(rows);
    const response = await projectZip(owner.token, big);
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error).toMatchObject({ code: 'limit_reached', message: printMessages.projectTooLargeToDownload(DOWNLOAD_MAX_GENERATIONS) });
  });
});

describe('a selection’s ZIP (POST /api/downloads)', () => {
  it('holds the chosen generations’ images in a folder per project, those outside any at the root', async () => {
    const owner = await userWith({ plan: 'pro' });
    const house = await insertProject(owner.user.id, 'Courtyard House');
    const library = await insertProject(owner.user.id, 'Library');
    const a = await insertVersion({ userId: owner.user.id, projectId: house, prompt: 'Kitchen at noon' });
    const b = await insertVersion({ userId: owner.user.id, projectId: library, prompt: 'Reading room', imageCount: 2 });
    const c = await insertVersion({ userId: owner.user.id, projectId: null, prompt: 'A bench' });
    await insertVersion({ userId: owner.user.id, projectId: house, prompt: 'Not chosen' });
    await inOrder([a, b, c]);
    await nameInOrder(owner.user.id, house, [a]);
    await nameInOrder(owner.user.id, library, [b]);
    const response = await selectionZip(owner.token, [c, b, a, a]);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="parti-images-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { files } = await unzipped(response);
    expect([...files.keys()]).toEqual([
      'courtyard-house/A1-kitchen-at-noon.jpg',
      'library/A1-1-reading-room.jpg',
      'library/A1-2-reading-room.jpg',
      'a-bench-view1.jpg',
    ]);
  });

  it('refuses none, more than 200 and anything not a list with a 400, and anyone else’s or a missing id with a 404', async () => {
    const owner = await userWith({ plan: 'pro' });
    const other = await userWith({ plan: 'pro' });
    const mine = await insertVersion({ userId: owner.user.id, projectId: null });
    const theirs = await insertVersion({ userId: other.user.id, projectId: null });
    const cases: [unknown, number, string | undefined][] = [
      [[], 400, printMessages.downloadEmpty],
      [Array.from({ length: DOWNLOAD_MAX_GENERATIONS + 1 }, () => mine), 400, printMessages.downloadTooMany(DOWNLOAD_MAX_GENERATIONS)],
      ['all', 400, undefined],
      [[mine, theirs], 404, undefined],
      [[mine, 'no-such-generation'], 404, undefined],
    ];
    for (const [ids, status, message] of cases) {
      const response = await selectionZip(owner.token, ids);
      expect(response.status, JSON.stringify(ids).slice(0, 60)).toBe(status);
      const body = await json<ApiErrorBody>(response);
      if (message) expect(body.error.message).toContain(message);
    }
    expect((await selectionZip(undefined, [mine])).status).toBe(401);
    expect((await unzipped(await selectionZip(owner.token, Array.from({ length: DOWNLOAD_MAX_GENERATIONS }, () => mine)))).files.size).toBe(1);
  });
});

describe('a review link’s ZIP', () => {
  it('is the project’s ZIP through a link that allows downloads, and the same 404 for every other link', async () => {
    const owner = await userWith({ plan: 'pro' });
    const projectId = await insertProject(owner.user.id, 'Courtyard House');
    await nameInOrder(owner.user.id, projectId, [await insertVersion({ userId: owner.user.id, projectId, prompt: 'Kitchen at noon' })]);
    const open = await createLink(owner.token, projectId, { allowDownload: true });
    const closed = await createLink(owner.token, projectId);
    const response = await call(`/api/review/${open.token}/download`);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    const { files } = await unzipped(response);
    expect([...files.keys()]).toEqual(['courtyard-house/A1-kitchen-at-noon.jpg']);

    expect((await call(`/api/review/${closed.token}/download`)).status).toBe(404);
    expect((await call(`/api/review/${'x'.repeat(43)}/download`)).status).toBe(404);
    await call(`/api/review-links/${open.id}`, { method: 'DELETE', token: owner.token });
    expect((await call(`/api/review/${open.token}/download`)).status).toBe(404);
  });
});

describe('entry names', () => {
  it('are ASCII words within 60 characters, cut at a word, never empty', () => {
    expect(slugOf('  Ünïcödé — Vïllà  ', 'x')).toBe('unicode-villa');
    expect(slugOf('..//..', 'image')).toBe('image');
    expect(slugOf('库房', 'image')).toBe('image');
    const long = slugOf('A very long prompt about a brick library around a courtyard with a reading room and a garden', 'x');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe('a-very-long-prompt-about-a-brick-library-around-a-courtyard');
  });
});
