/**
 * "Add to board" from the viewer (frontend/studio/AddToBoard.tsx): the board page's address names
 * one image (`?add={generationId}.{imageIndex}`, the key compare's addresses use), and the board
 * opens with it placed last (./board-model.ts withAddedImage). The studio reads only this address
 * module, not the board's model.
 */
import { boardPath } from '../app/routing';

const ADD_PARAM = 'add';

export function boardAddHref(projectId: string, generationId: string, imageIndex: number): string {
  return `${boardPath(projectId)}?${new URLSearchParams({ [ADD_PARAM]: `${generationId}.${imageIndex}` }).toString()}`;
}

/** The image key the address asks to add, or null. */
export function addedKeyFrom(search: string): string | null {
  return new URLSearchParams(search).get(ADD_PARAM) || null;
}
