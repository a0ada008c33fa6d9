/**
 * Starting from the architect's own drawing (docs/api.md "Inputs and geometry fidelity"): what a
 * reference image is, how strictly a render follows its lines, and the geometry fidelity score a
 * render of a sketch, model view or drawing carries (docs/decisions/0086-geometry-fidelity.md).
 */

/** What an input image is: a hand sketch, a 3D model view, a site photo, or a plan/elevation drawing. */
export const INPUT_TYPES = ['sketch', 'model', 'photo', 'drawing'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Precise ↔ Creative: 1 is the most creative, 5 the most precise. */
export const FIDELITY_STEPS = [1, 2, 3, 4, 5] as const;
export type FidelityStep = (typeof FIDELITY_STEPS)[number];

/** The step each input type starts at. */
export const DEFAULT_FIDELITY: Record<InputType, FidelityStep> = { sketch: 4, model: 4, photo: 3, drawing: 5 };

/** The input types whose lines a render is scored against (a site photo keeps its context, not its lines). */
const SCORED_INPUT_TYPES: readonly InputType[] = ['sketch', 'model', 'drawing'];

/** In these steps a view scoring under FIDELITY_RETRY_BELOW is re-rendered once, free. */
const FIDELITY_RETRY_STEPS: readonly FidelityStep[] = [4, 5];
export const FIDELITY_RETRY_BELOW = 0.8;

/** A scored view's fidelity, as the job snapshot, the generate answer and GET /api/generations/:id carry it. */
export interface ViewFidelity {
  /** Structural recall of the input's lines, 0…1. */
  score: number;
  /** True when the view was re-rendered once for its geometry (the better of the two is shown). */
  retried: boolean;
  /** After a re-render, the render that was not chosen, openable beside the view. */
  alternate?: FidelityAlternate;
}

/** The other render of a re-rendered view: its own score and image URLs (signed when the generation is private). */
export interface FidelityAlternate {
  score: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/**
 * The fidelity map's colours (GET /api/generations/:id/images/:index/fidelity-map), from the
 * Okabe–Ito palette so they stay apart for colour-blind eyes; the map is transparent elsewhere.
 */
export const FIDELITY_MAP_COLORS = {
  /** Input lines the render kept. */
  kept: [0, 158, 115],
  /** Input lines the render lost. */
  lost: [213, 94, 0],
  /** Lines the render added where the input had none. */
  added: [86, 180, 233],
} as const satisfies Record<string, readonly [number, number, number]>;

/** The map's long side in pixels: the size the score is measured at (the UI stretches it over the image). */
export const FIDELITY_MAP_LONG_SIDE = 1024;

export function isScoredInput(type: InputType | undefined): boolean {
  return type !== undefined && SCORED_INPUT_TYPES.includes(type);
}

export function retriesForGeometry(step: FidelityStep, score: number): boolean {
  return FIDELITY_RETRY_STEPS.includes(step) && score < FIDELITY_RETRY_BELOW;
}
