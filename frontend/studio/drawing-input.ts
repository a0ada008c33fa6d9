/**
 * Starting from the architect's own drawing, in the studio (docs/decisions/0093-drawing-inputs-ui.md,
 * over 0086): which picked file the Worker takes as the input, what the user says it is and how
 * strictly the render follows it, what the generate request carries, and the address that opens
 * the studio ready for a drawing. Pure: tests/frontend/studio/drawing-input.test.ts.
 */
import { DEFAULT_FIDELITY, FIDELITY_STEPS, type FidelityStep, type InputType } from '#shared/drawing-inputs';
import type { ReferenceItem } from './references';

/** What the user chose for one picked file; what they did not choose follows the Worker's guess and the type's default step. */
export interface InputChoice {
  referenceId: string;
  type?: InputType;
  fidelity?: FidelityStep;
}

/** The input as the studio shows and sends it; `type` is null until the user picks one or the upload's guess arrives. */
export interface DrawingInput {
  reference: Pick<ReferenceItem, 'id' | 'name' | 'path'>;
  type: InputType | null;
  fidelity: FidelityStep | null;
}

/**
 * The picked file the Worker takes as the input: the first input image, when it is a picked file
 * (refused ones never reach the Worker). A selected result goes first and is a render, not a
 * drawing: then there is none.
 */
export function inputReference<T extends Pick<ReferenceItem, 'status'>>(selectedCount: number, references: readonly T[]): T | null {
  if (selectedCount > 0) return null;
  return references.find((reference) => reference.status !== 'failed') ?? null;
}

type Reference = Pick<ReferenceItem, 'id' | 'name' | 'path' | 'status' | 'suggestedInputType'>;

/** The studio's input: the user's choice for that file, else the guess, at the chosen step, else the type's default. */
export function drawingInput(draft: { selected: readonly unknown[]; references: readonly Reference[]; inputChoice: InputChoice | null }): DrawingInput | null {
  const reference = inputReference(draft.selected.length, draft.references);
  if (!reference) return null;
  const own = draft.inputChoice?.referenceId === reference.id ? draft.inputChoice : null;
  const type = own?.type ?? reference.suggestedInputType ?? null;
  return { reference, type, fidelity: type ? (own?.fidelity ?? DEFAULT_FIDELITY[type]) : null };
}

/** The user says what the file is: a new type starts at its own default step. */
export function chooseInputType(referenceId: string, type: InputType): InputChoice {
  return { referenceId, type };
}

/** The user moves Precise ↔ Creative; the type they chose for the same file stays. */
export function chooseFidelity(choice: InputChoice | null, referenceId: string, fidelity: FidelityStep): InputChoice {
  return { ...(choice?.referenceId === referenceId ? choice : {}), referenceId, fidelity };
}

/**
 * `inputType` and `fidelity` of the generate request: only when the described file is the first
 * image the request names (the one the Worker reads as the input) and it has a type.
 */
export function inputRequestFields(input: DrawingInput | null, referencePaths: readonly string[]): { inputType?: InputType; fidelity?: FidelityStep } {
  if (!input?.type || !input.fidelity || input.reference.path === null || referencePaths[0] !== input.reference.path) return {};
  return { inputType: input.type, fidelity: input.fidelity };
}

/** A slider's value as a step, or null for anything that is not one. */
export function fidelityStepOf(value: number): FidelityStep | null {
  return FIDELITY_STEPS.find((step) => step === value) ?? null;
}

const START_PARAM = 'start';

/** `?start=drawing` (startFromDrawingPath in app/routing.ts): the landing's "Start from my drawing" opens the studio ready for one. */
export function startsFromDrawing(search: string): boolean {
  return new URLSearchParams(search).get(START_PARAM) === 'drawing';
}

/** The address's search once a drawing is picked: the request is answered, the rest (a project) stays. */
export function searchWithoutStart(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(START_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}
