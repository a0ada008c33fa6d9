/** A view's geometry as the viewer receives it (frontend/fidelity/ViewerFidelity.tsx), from the owner's own images. */
import type { FidelityStep, ViewFidelity } from '#shared/drawing-inputs';
import type { SlideFidelity } from './ViewerFidelity';

/**
 * The viewer's geometry for image `index` of the owner's generation: the score and the owner's map
 * route once scored, "Render again, more precise" when offered; nothing for a view with neither.
 */
export function slideFidelity(
  generationId: string,
  image: { index: number; fidelity?: ViewFidelity },
  renderAgain?: { step: FidelityStep; credits: number },
): SlideFidelity | undefined {
  const view = image.fidelity;
  if (!view && !renderAgain) return undefined;
  return {
    ...(view ? { view, map: { kind: 'owner' as const, generationId, index: image.index, score: view.score } } : {}),
    ...(renderAgain ? { renderAgain } : {}),
  };
}
