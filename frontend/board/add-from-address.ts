/**
 * "Add to board" from the viewer (frontend/studio/AddToBoard.tsx): the board page's address names
 * one image (`?add={generationId}.{imageIndex}`, the key compare's addresses use), and the board
 * opens with it placed last, unless it is already on the board.
 */
import { boardPath } from '../app/routing';
import { toggleEntry, type BoardEntry, type BoardImage } from './board-model';

const ADD_PARAM = 'add';

export function boardAddHref(projectId: string, generationId: string, imageIndex: number): string {
  return `${boardPath(projectId)}?${new URLSearchParams({ [ADD_PARAM]: `${generationId}.${imageIndex}` }).toString()}`;
}

/** The image key the address asks to add, or null. */
export function addedKeyFrom(search: string): string | null {
  return new URLSearchParams(search).get(ADD_PARAM) || null;
}

/** The entries with the named image placed last; unchanged when it is already placed or not the project's. */
export function withAddedImage(entries: readonly BoardEntry[], images: readonly BoardImage[], key: string | null): BoardEntry[] {
  const image = key ? images.find((candidate) => candidate.key === key) : undefined;
  if (!image || entries.some((entry) => entry.image.key === image.key)) return [...entries];
  return toggleEntry(entries, image);
}
