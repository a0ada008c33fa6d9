import { STATIC_FIRST_ROW_ID } from '#shared/edge';

/**
 * Removes the first row the Worker wrote beside the root element for a signed-out /gallery
 * (docs/decisions/0058-route-chunks-preloaded.md): the gallery calls it once its own grid is on
 * screen, the app when it shows any other page first. Nothing to do when there is none.
 */
export function removeStaticFirstRow(doc: Document = document): void {
  doc.getElementById(STATIC_FIRST_ROW_ID)?.remove();
}
