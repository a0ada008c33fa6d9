/**
 * A project's saved board in the query cache (docs/decisions/0088-saved-boards.md): read once when
 * the board opens, written after each change settles, and the cache kept as the Worker answered so
 * the board reopens as it was left.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardData, BoardState } from '#shared/board-types';
import { api, ok } from '../api/client';
import { uploadReference } from '../api/studio';
import type { SaveStatus } from './BoardBuilder';

/** A change is saved once the user pauses this long. */
const SAVE_AFTER_MS = 600;

function fetchBoard(projectId: string): Promise<BoardState> {
  return ok(api.projects[':id'].board.$get({ param: { id: projectId } }));
}

function putBoard(projectId: string, board: BoardData): Promise<BoardState> {
  return ok(api.projects[':id'].board.$put({ param: { id: projectId }, json: board }));
}

export function savedBoardQuery(ownerId: string, projectId: string) {
  return queryOptions({
    queryKey: ['board', ownerId, projectId] as const,
    queryFn: () => fetchBoard(projectId),
    // The board reads its saved state when it opens; what it shows afterwards is the builder's own.
    refetchOnMount: 'always',
  });
}

/** Saves the board after each pause in editing, and what is still waiting when the page closes. */
export function useBoardSaving(ownerId: string, projectId: string): { save: (board: BoardData) => void; status: SaveStatus } {
  const client = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const waiting = useRef<BoardData | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mutation = useMutation({
    mutationFn: (board: BoardData) => putBoard(projectId, board),
    // One save at a time, in order: a slow save never lands after the one that followed it.
    scope: { id: `board-${projectId}` },
    onSuccess: (state) => {
      client.setQueryData(savedBoardQuery(ownerId, projectId).queryKey, state);
      if (waiting.current === null) setStatus('saved');
    },
    onError: () => setStatus('failed'),
  });
  const { mutate } = mutation;
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const board = waiting.current;
    waiting.current = null;
    if (board) mutate(board);
  }, [mutate]);
  const save = useCallback(
    (board: BoardData) => {
      waiting.current = board;
      setStatus('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [flush],
  );
  // Leaving the board (another page of the app) sends what has not been sent yet.
  useEffect(() => flush, [flush]);
  return { save, status };
}

/** A logo for the title block: uploaded as the owner's own image, kept while a board shows it. */
export async function uploadLogo(file: File): Promise<{ key: string; url: string }> {
  const uploaded = await uploadReference(file, file.name || 'logo');
  return { key: uploaded.path, url: uploaded.url };
}
