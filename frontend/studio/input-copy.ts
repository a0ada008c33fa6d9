/**
 * The input bar's own texts (ours, not the original product's): reference states, the
 * confirmation before generating without a chosen reference, the prompt counter and the starter
 * prompts of an empty studio (docs/decisions/0048-reference-traps.md).
 */
import type { FidelityStep, InputType } from '#shared/drawing-inputs';
import { MAX_INPUT_IMAGES, PROMPT_MAX_CHARS } from '#shared/limits';

export const inputCopy = {
  uploading: 'Uploading…',
  ready: 'Ready',
  refused: 'Refused',
  notUsed: 'Not used',
  notUsedWhy: `Only the first ${MAX_INPUT_IMAGES} images are processed.`,
  thumbState: (name: string, state: string, reason?: string) => [name, state, reason].filter(Boolean).join(' — '),
  confirmTitle: 'Generate without your reference?',
  confirmBody: (count: number) =>
    count === 1
      ? 'One reference image you chose could not be used. The generation would run without it.'
      : `${count} reference images you chose could not be used. The generation would run without them.`,
  confirmCost: (credits: number) => `Generating now takes ${credits} ${credits === 1 ? 'credit' : 'credits'}.`,
  confirmGo: 'Generate anyway',
  confirmCancel: 'Keep editing',
  counter: (length: number) => `${length.toLocaleString('en-US')} / ${PROMPT_MAX_CHARS.toLocaleString('en-US')}`,
  counterOver: (over: number) =>
    `${over.toLocaleString('en-US')} ${over === 1 ? 'character' : 'characters'} over: only the first ${PROMPT_MAX_CHARS.toLocaleString('en-US')} are used.`,
  startersTitle: 'Start from one of these',
} as const;

/**
 * Starting from a drawing (docs/decisions/0093-drawing-inputs-ui.md): what the input file is, how
 * closely to follow it, and the studio's entry for it.
 */
export const drawingCopy = {
  question: (name: string) => `What is ${name}?`,
  types: { sketch: 'Hand sketch', model: '3D model view', photo: 'Site photo', drawing: 'Plan or elevation' } satisfies Record<InputType, string>,
  fidelity: 'How closely to follow it',
  creative: 'Creative',
  precise: 'Precise',
  /** Each step's name and what the render follows (worker/studio/input-instructions.ts says it to the engine). */
  steps: {
    1: { name: 'Most creative', follows: 'its idea and mood' },
    2: { name: 'Creative', follows: 'its composition and massing' },
    3: { name: 'Balanced', follows: 'its main lines' },
    4: { name: 'Precise', follows: 'its lines, closely' },
    5: { name: 'Most precise', follows: 'every line, exactly' },
  } satisfies Record<FidelityStep, { name: string; follows: string }>,
  stepText: (step: FidelityStep) => `${drawingCopy.steps[step].name}: follows ${drawingCopy.steps[step].follows}`,
  stepValue: (step: FidelityStep, of: number) => `${drawingCopy.steps[step].name}, ${step} of ${of}: follows ${drawingCopy.steps[step].follows}`,
  startTitle: 'Start from my drawing',
  startBody: 'A hand sketch, a 3D model view, a site photo or an elevation: Parti renders it and tells you how much of its geometry it kept.',
  startChoose: 'Choose a drawing',
  startDrop: 'or drop it here',
} as const;

/** Prompts an empty studio offers; a click puts one in the prompt box, nothing is sent. */
export const STARTER_PROMPTS = [
  'A timber pavilion on a lake at dawn, soft mist, wide-angle eye-level view',
  'A minimalist concrete house in the desert at golden hour, long shadows',
  'A bright open-plan library interior with oak shelving and a skylight',
  'A mid-rise housing block with planted balconies on a rainy city street at dusk',
] as const;
