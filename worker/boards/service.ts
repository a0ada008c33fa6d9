/**
 * Saved presentation boards (docs/decisions/0088-saved-boards.md): the owner reads and writes a
 * project's board; anyone else's project is the same 404 as a missing one. A new board's title
 * block starts from the practice name and logo of the owner's last saved board.
 */
import type { BoardData, BoardState } from '#shared/board-types';
import { boardMessages, generalMessages } from '#shared/messages';
import type { Database } from '../db/client';
import { mediaKeys, signedMediaUrl } from '../media';
import { isRecord } from '../platform/cursor';
import { AppError } from '../platform/errors';
import { findBoard, latestPractice, ownsProject, saveBoard } from './queries';

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

async function stateOf(deps: BoardDeps, userId: string, board: BoardData | null, updatedAt: number | null): Promise<BoardState> {
  const practice = (await latestPractice(deps.db, userId)) ?? { name: '', logoKey: null };
  const keys = [...new Set([board?.title.logoKey, practice.logoKey].filter((key): key is string => typeof key === 'string'))];
  const now = Date.now();
  const logoUrls = Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await signedMediaUrl(deps.signingSecret, key, now)] as const)));
  return { board, updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(), practice, logoUrls };
}

export async function getBoard(deps: BoardDeps, userId: string, projectId: string): Promise<BoardState> {
  const [owned, stored] = await Promise.all([ownsProject(deps.db, userId, projectId), findBoard(deps.db, userId, projectId)]);
  if (!owned) throw notFound();
  return stateOf(deps, userId, stored ? parseBoard(stored.board) : null, stored?.updatedAt ?? null);
}

/** A logo is one of the caller's own uploads that still exists. */
async function checkLogo(deps: BoardDeps, userId: string, key: string | null): Promise<void> {
  if (key === null) return;
  const refused = new AppError('forbidden', boardMessages.logoNotYours, { field: 'title.logoKey' });
  if (!key.startsWith(mediaKeys.referencePrefix(userId)) || key.includes('..')) throw refused;
  if (!(await deps.media.head(key))) throw refused;
}

export async function putBoard(deps: BoardDeps, userId: string, projectId: string, board: BoardData): Promise<BoardState> {
  await checkLogo(deps, userId, board.title.logoKey);
  const updatedAt = await saveBoard(deps.db, userId, projectId, JSON.stringify(board));
  if (updatedAt === null) throw notFound();
  return stateOf(deps, userId, board, updatedAt);
}
