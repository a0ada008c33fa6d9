/**
 * Saved boards (docs/decisions/0088-saved-boards.md): GET/PUT /api/projects/:id/board, owner only,
 * validated field by field, size-capped, and a practice name and logo that carry over to a new board.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '#shared/api-types';
import { BOARD_MAX_ENTRIES, type BoardData, type BoardState } from '#shared/board-types';
import { createDatabase } from '../../../worker/db/client';
import { cleanUpUnusedReferences } from '../../../worker/studio/reference-cleanup';
import { call, json, signUp, type SignedUp } from '../helpers';
import { createProject, errorField } from '../projects/helpers';
import { pngBytes, upload } from '../studio/helpers';

const board = (changes: Partial<BoardData> = {}, title: Partial<BoardData['title']> = {}): BoardData => ({
  paper: 'A3',
  perPage: 4,
  fit: 'cover',
  entries: [
    { key: 'g-2.1', caption: 'B3-2 · the reading room at dusk' },
    { key: 'g-1.0', caption: 'A1 · the river front' },
  ],
  title: { practiceName: 'Studio North', logoKey: null, view: null, date: null, sheetNumber: 'A-101', revision: 'P2', ...title },
  ...changes,
});

let owner: SignedUp;
let other: SignedUp;
beforeEach(async () => {
  owner = await signUp();
  other = await signUp();
});

const read = (token: string, projectId: string) => call(`/api/projects/${projectId}/board`, { token });
const save = (token: string, projectId: string, body: unknown) => call(`/api/projects/${projectId}/board`, { method: 'PUT', token, body });

describe('a project’s saved board', () => {
  it('is empty until saved, then reopens exactly as it was left', async () => {
    const project = await createProject(owner.token);
    const empty = await json<BoardState>(await read(owner.token, project.id));
    expect(empty).toEqual({ board: null, updatedAt: null, practice: { name: '', logoKey: null }, logoUrls: {} });

    const saved = await save(owner.token, project.id, board());
    expect(saved.status).toBe(200);
    expect((await json<BoardState>(saved)).board).toEqual(board());
    const changed = board({ paper: 'A4', perPage: 2, fit: 'contain', entries: [{ key: 'g-1.0', caption: 'A1 · the river front' }] }, { view: 'Option A', date: '3 Dec 2026' });
    expect((await save(owner.token, project.id, changed)).status).toBe(200);
    const reopened = await json<BoardState>(await read(owner.token, project.id));
    expect(reopened.board).toEqual(changed);
    expect(Date.parse(reopened.updatedAt ?? '')).toBeGreaterThan(0);
  });

  it('is the owner’s alone: anyone else, or no one, gets the same answer as for a missing project', async () => {
    const project = await createProject(owner.token);
    expect((await save(owner.token, project.id, board())).status).toBe(200);
    expect((await read(other.token, project.id)).status).toBe(404);
    expect((await save(other.token, project.id, board({ paper: 'A4' }))).status).toBe(404);
    expect((await read(owner.token, 'missing')).status).toBe(404);
    expect((await call(`/api/projects/${project.id}/board`)).status).toBe(401);
    expect((await json<BoardState>(await read(owner.token, project.id))).board?.paper).toBe('A3');
  });

  it('refuses what is not a board, naming the field', async () => {
    const project = await createProject(owner.token);
    const entries = (count: number) => Array.from({ length: count }, (_, index) => ({ key: `g-${index}.0`, caption: '' }));
    const refused: [unknown, string][] = [
      [{ ...board(), paper: 'A0' }, 'paper'],
      [{ ...board(), perPage: 3 }, 'perPage'],
      [{ ...board(), fit: 'stretch' }, 'fit'],
      [board({ entries: entries(BOARD_MAX_ENTRIES + 1) }), 'entries'],
      [board({ entries: [{ key: 'g-1.0', caption: 'a' }, { key: 'g-1.0', caption: 'b' }] }), 'entries'],
      [board({ entries: [{ key: '../x', caption: '' }] }), 'entries.0.key'],
      [board({ entries: [{ key: 'g-1.0', caption: 'two\nlines' }] }), 'entries.0.caption'],
      [board({}, { practiceName: 'p'.repeat(81) }), 'title.practiceName'],
      [board({}, { revision: 'r'.repeat(17) }), 'title.revision'],
    ];
    for (const [body, field] of refused) {
      const response = await save(owner.token, project.id, body);
      expect(response.status, field).toBe(400);
      expect(await errorField(response)).toBe(field);
    }
    expect((await save(owner.token, project.id, board({ entries: entries(BOARD_MAX_ENTRIES) }))).status).toBe(200);
  });

  it('is capped: the largest board the field caps allow saves, a larger body is refused before it is read', async () => {
    const project = await createProject(owner.token);
    // Every field at its cap, in three-byte characters: under 30 KB stored.
    const largest = board(
      { entries: Array.from({ length: BOARD_MAX_ENTRIES }, (_, index) => ({ key: `${'g'.repeat(60)}-${index}.0`, caption: '€'.repeat(160) })) },
      { practiceName: '€'.repeat(80), view: '€'.repeat(160), date: '€'.repeat(40), sheetNumber: '€'.repeat(16), revision: '€'.repeat(16) },
    );
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBeLessThan(30 * 1024);
    expect((await save(owner.token, project.id, largest)).status).toBe(200);
    const response = await save(owner.token, project.id, board({ entries: [{ key: 'g-1.0', caption: 'x'.repeat(70 * 1024) }] }));
    expect(response.status).toBe(413);
    expect((await json<BoardState>(await read(owner.token, project.id))).board).toEqual(largest);
  });

  it('takes only the caller’s own upload as a logo, and a new board starts from the last practice', async () => {
    const first = await createProject(owner.token, 'First');
    const second = await createProject(owner.token, 'Second');
    const logo = await json<UploadResponse>(await upload(owner.token, pngBytes(32, 16), 'logo.png'));
    const theirs = await json<UploadResponse>(await upload(other.token, pngBytes(), 'theirs.png'));
    for (const logoKey of [theirs.path, `references/${owner.user.id}/missing.png`, `generations/${owner.user.id}/x/0.jpg`]) {
      const response = await save(owner.token, first.id, board({}, { logoKey }));
      expect(response.status).toBe(403);
      expect(await errorField(response)).toBe('title.logoKey');
    }
    expect((await save(owner.token, first.id, board({}, { logoKey: logo.path }))).status).toBe(200);

    const fresh = await json<BoardState>(await read(owner.token, second.id));
    expect(fresh.board).toBeNull();
    expect(fresh.practice).toEqual({ name: 'Studio North', logoKey: logo.path });
    const logoUrl = fresh.logoUrls[logo.path];
    expect(logoUrl).toMatch(/^\/media\/references\/.+\?exp=\d+&sig=[0-9a-f]+$/);
    expect((await call(logoUrl!)).status).toBe(200);
    // Another user's boards are none of this user's business.
    expect((await json<BoardState>(await read(other.token, (await createProject(other.token)).id))).practice.name).toBe('');

    // The upload cleanup keeps a logo in use, even days later.
    const deps = { db: createDatabase(env.DB), media: env.MEDIA, now: () => Date.now() + 3 * 24 * 60 * 60 * 1000 };
    await cleanUpUnusedReferences(deps);
    expect(await env.MEDIA.head(logo.path)).not.toBeNull();
    expect(await env.MEDIA.head(theirs.path)).toBeNull();
  });
});
