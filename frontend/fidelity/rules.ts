/**
 * How a view's geometry fidelity reads in the app (docs/decisions/0093-drawing-inputs-ui.md over
 * 0086): the badge's percentage and tone, the overlay's colours and opacity, and the step "Render
 * again, more precise" asks for. Pure: tests/frontend/fidelity/rules.test.ts.
 */
import { FIDELITY_MAP_COLORS, FIDELITY_RETRY_BELOW, FIDELITY_STEPS, type FidelityStep } from '#shared/drawing-inputs';

/**
 * The score as a whole percentage, rounded down: "100 %" only when every line was kept. Scores come
 * to three decimals; the tenth is settled first so 0.29 reads 29, not 28 (0.29 × 100 = 28.999…).
 */
export function fidelityPercent(score: number): number {
  const clamped = Math.min(1, Math.max(0, score));
  return Math.floor(Math.round(clamped * 1000) / 10);
}

/** At or above this the geometry reads as kept. */
const HIGH_FIDELITY = 0.9;

export type FidelityTone = 'high' | 'fair' | 'low';

/**
 * The badge's tone: low under the score the Worker re-renders below (FIDELITY_RETRY_BELOW), high
 * from 0.9. The percentage always says it in words; the tone only colours its dot.
 */
export function fidelityTone(score: number): FidelityTone {
  if (score < FIDELITY_RETRY_BELOW) return 'low';
  return score >= HIGH_FIDELITY ? 'high' : 'fair';
}

const MOST_PRECISE: FidelityStep = FIDELITY_STEPS[FIDELITY_STEPS.length - 1] ?? 5;

/** "Render again, more precise": one step more precise, or the most precise again. */
export function morePreciseStep(step: FidelityStep): FidelityStep {
  return FIDELITY_STEPS.find((candidate) => candidate > step) ?? MOST_PRECISE;
}

export type MapLine = keyof typeof FIDELITY_MAP_COLORS;

/** The legend, in the order the map draws them on top (lost over kept over added), each in its map colour. */
export const MAP_LEGEND: readonly { line: MapLine; color: string }[] = (['lost', 'kept', 'added'] as const).map((line) => ({
  line,
  color: `rgb(${FIDELITY_MAP_COLORS[line].join(' ')})`,
}));

/** The overlay opens strong enough to read over a busy render, weak enough to see the render. */
export const DEFAULT_OVERLAY_OPACITY = 80;
export const OVERLAY_OPACITY_STEP = 5;

/** A slider's value as an opacity in percent: whole steps within 0–100. */
export function overlayOpacity(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_OVERLAY_OPACITY;
  return Math.min(100, Math.max(0, Math.round(value / OVERLAY_OPACITY_STEP) * OVERLAY_OPACITY_STEP));
}
