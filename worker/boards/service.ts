/**
 * Saved presentation boards (docs/decisions/0088-saved-boards.md): the owner reads and writes a
 * project's board — in a workspace every member reads it and members write it
 * (docs/decisions/0096-workspaces.md); another space's project is the same 404 as a missing one. A
 * new board's title block starts from the practice name and logo of the owner's last saved board,
 * or the workspace's name.
 */
import type { BoardData, BoardState } from '#shared/board-types';
import { boardMessages, generalMessages } from '#shared/messages';
import type { Database } from '../db/client';
import { mediaKeys, signedMediaUrl } from '../media';
import { isRecord } from '../platform/cursor';
import { AppError } from '../platform/errors';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import { findBoard, holdsProject, latestPractice, saveBoard } from './queries';

export interface BoardDeps {
  db: Database;
  media: R2Bucket;
  signingSecret: string;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

/** A stored document back to a board; one that no longer reads as one is treated as never saved. */
function parseBoard(text: string): BoardData | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && Array.isArray(value.entries) && isRecord(value.title) ? (value as unknown as BoardData) : null;
  } catch {
    return null;
  }
}

async function stateOf(deps: BoardDeps, space: SpaceRef, board: BoardData | null, updatedAt: number | null): Promise<BoardState> {
  const practice = (await latestPractice(deps.db, space)) ?? { name: '', logoKey: null };
  const keys = [...new Set([board?.title.logoKey, practice.logoKey].filter((key): key is string => typeof key === 'string'))];
  const now = Date.now();
  const logoUrls = Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await signedMediaUrl(deps.signingSecret, key, now)] as const)));
  return { board, updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(), practice, logoUrls };
}

export async function getBoard(deps: BoardDeps, space: SpaceRef, projectId: string): Promise<BoardState> {
  const [held, stored] = await Promise.all([holdsProject(deps.db, space, projectId), findBoard(deps.db, space, projectId)]);
  if (!held) throw notFound();
  return stateOf(deps, space, stored ? parseBoard(stored.board) : null, stored?.updatedAt ?? null);
}

/**
 * A logo is one of the caller's own uploads that still exists — or, in a workspace, the logo the
 * board already shows (a colleague's upload stays when someone else edits the board).
 */
async function checkLogo(deps: BoardDeps, space: SpaceRef, projectId: string, key: string | null): Promise<void> {
  if (key === null) return;
  const refused = new AppError('forbidden', boardMessages.logoNotYours, { field: 'title.logoKey' });
  if (key.includes('..')) throw refused;
  if (!key.startsWith(mediaKeys.referencePrefix(space.userId))) {
    const current = space.workspaceId === null ? null : await findBoard(deps.db, space, projectId);
    if (!current || parseBoard(current.board)?.title.logoKey !== key) throw refused;
  }
  if (!(await deps.media.head(key))) throw refused;
}

export async function putBoard(deps: BoardDeps, space: Space, projectId: string, board: BoardData): Promise<BoardState> {
  if (!(await holdsProject(deps.db, space, projectId))) throw notFound();
  requireAction(space, 'editProjects');
  await checkLogo(deps, space, projectId, board.title.logoKey);
  const updatedAt = await saveBoard(deps.db, space, projectId, JSON.stringify(board));
  if (updatedAt === null) throw notFound();
  return stateOf(deps, space, board, updatedAt);
}
