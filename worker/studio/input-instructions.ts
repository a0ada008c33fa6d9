/**
 * What the engine is told about an input image (docs/decisions/0086-geometry-fidelity.md): what
 * the image is (its input type), how strictly to follow it (its Precise ↔ Creative step), and —
 * for a free re-render after the geometry drifted — that the first attempt moved lines. The
 * user's prompt (with a project's brief, shared/brief.ts) follows these words, so it still applies.
 */
import type { FidelityStep, InputType } from '#shared/drawing-inputs';

/** The input's first image is of this type, to be followed this strictly. */
export interface ViewInput {
  type: InputType;
  fidelity: FidelityStep;
  /** A re-render for geometry: the stronger instructions. */
  strengthened?: boolean;
}

const WHAT_IT_IS: Record<InputType, string> = {
  sketch:
    "The first attached image is the architect's hand sketch. Turn it into a photorealistic architectural render of the same building: " +
    'the same outline, massing, roof and openings, seen from the same viewpoint, now in real materials, light and surroundings.',
  model:
    "The first attached image is a view of the architect's 3D model (a massing, SketchUp, Rhino or Revit view). Keep its camera and its massing: " +
    'the same viewpoint, perspective, volumes and openings, rendered photorealistically with materials, glazing, landscape and light.',
  photo:
    'The first attached image is a photograph of the site. Keep its context — the camera, the horizon, the street, the neighbouring buildings, ' +
    'the trees and the light — and place the proposed design into it at a believable scale, standing on the ground.',
  drawing:
    "The first attached image is the architect's plan or elevation drawing. Keep its lines and proportions: every wall, opening, floor line " +
    'and roof line where the drawing puts it, and render it as a photorealistic image of that building.',
};

/** Five strengths, from loosely inspired (1) to follow every line exactly (5). */
const HOW_STRICTLY: Record<FidelityStep, string> = {
  1: 'Be loosely inspired by the image: its idea and mood matter more than its lines, and you may reinterpret the form freely.',
  2: 'Follow its overall composition and massing, but you may change details, openings and proportions where the design gains.',
  3: 'Follow its composition, massing and main lines; small details may differ.',
  4: 'Follow its lines closely: keep the outline, the roof, every opening and the proportions; change only materials, light and surroundings.',
  5: 'Follow every line exactly: nothing may move, appear or disappear — the same outline, the same openings in the same places, the same proportions and the same viewpoint.',
};

const AGAIN =
  'A first render of this image moved or lost some of its lines. Trace its geometry line for line before adding anything: ' +
  'every edge, opening and roof line of the image must be at the same place in the render.';

const THEN = 'Then follow this description:';

/** The words that go before the user's prompt for a view rendered from an input image. */
export function inputInstruction(input: ViewInput): string {
  const strictness = input.strengthened ? `${HOW_STRICTLY[5]} ${AGAIN}` : HOW_STRICTLY[input.fidelity];
  return `${WHAT_IT_IS[input.type]} ${strictness}`;
}

/** The prompt an engine receives for a view of an input image: the instruction, then the user's words. */
export function promptWithInput(prompt: string, input: ViewInput | undefined): string {
  return input ? `${inputInstruction(input)}\n\n${THEN} ${prompt}` : prompt;
}
