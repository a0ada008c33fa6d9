/**
 * The texts of a view's geometry fidelity: the badge and its one-line explanation, the free
 * re-render, the overlay and "Render again, more precise" (docs/decisions/0093-drawing-inputs-ui.md).
 */
import { FIDELITY_STEPS, type FidelityStep } from '#shared/drawing-inputs';
import type { MapLine } from './rules';

export const fidelityCopy = {
  badge: (percent: number) => `Geometry kept ${percent} %`,
  explanation: 'The share of your drawing’s lines this render kept in place.',
  retried: 'Re-rendered once to keep your geometry',
  retriedMark: 'Re-rendered once',
  heading: 'Geometry',
  showAlternate: (percent: number) => `Open the other render (kept ${percent} %)`,
  showChosen: (percent: number) => `Back to the chosen render (kept ${percent} %)`,
  showingAlternate: 'You are looking at the render that was not chosen.',
  overlay: 'Geometry overlay',
  overlayAlt: 'Your drawing’s lines over the render: kept, lost and added',
  opacity: 'Overlay opacity',
  opacityValue: (percent: number) => `${percent} %`,
  legend: 'Overlay colours',
  lines: { kept: 'Kept lines', lost: 'Lost lines', added: 'Added lines' } satisfies Record<MapLine, string>,
  mapFailed: 'The overlay could not be loaded.',
  renderAgain: 'Render again, more precise',
  renderAgainDetail: (step: FidelityStep, credits: number) =>
    `Precise ${step} of ${FIDELITY_STEPS.length}${credits > 0 ? ` · ${credits} ${credits === 1 ? 'credit' : 'credits'}` : ''}`,
  renderingAgain: 'Rendering again, more precise. It appears at the end of your history.',
} as const;
