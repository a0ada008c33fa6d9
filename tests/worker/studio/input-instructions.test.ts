import { describe, expect, it } from 'vitest';
import { FIDELITY_STEPS, INPUT_TYPES } from '#shared/drawing-inputs';
import { inputInstruction, promptWithInput } from '../../../worker/studio/input-instructions';

/** What each type's instruction must say it is, and what it must keep. */
const TYPE_WORDS = {
  sketch: ['hand sketch', 'photorealistic', 'same building'],
  model: ['3D model', 'camera', 'massing'],
  photo: ['photograph of the site', 'context', 'place the proposed design'],
  drawing: ['plan or elevation drawing', 'lines and proportions'],
} as const;

/** Each step's own wording, from loosely inspired to every line exactly. */
const STEP_WORDS = {
  1: 'loosely inspired',
  2: 'overall composition',
  3: 'main lines',
  4: 'lines closely',
  5: 'every line exactly',
} as const;

describe('input instructions', () => {
  describe.each(INPUT_TYPES)('a %s', (type) => {
    it.each(FIDELITY_STEPS)('at step %i says what the image is and how strictly to follow it', (step) => {
      const text = inputInstruction({ type, fidelity: step });
      for (const words of TYPE_WORDS[type]) expect(text).toContain(words);
      expect(text).toContain(STEP_WORDS[step]);
      for (const [other, words] of Object.entries(STEP_WORDS)) if (Number(other) !== step) expect(text).not.toContain(words);
      for (const [other, words] of Object.entries(TYPE_WORDS)) if (other !== type) expect(text).not.toContain(words[0]);
      expect(text).not.toContain('moved or lost');
    });
  });

  it('gives every type and step its own words', () => {
    const texts = INPUT_TYPES.flatMap((type) => FIDELITY_STEPS.map((step) => inputInstruction({ type, fidelity: step })));
    expect(new Set(texts).size).toBe(INPUT_TYPES.length * FIDELITY_STEPS.length);
  });

  it('asks a re-render for geometry for the most precise wording and says the first one drifted', () => {
    for (const step of [4, 5] as const) {
      const text = inputInstruction({ type: 'drawing', fidelity: step, strengthened: true });
      expect(text).toContain(STEP_WORDS[5]);
      expect(text).toContain('moved or lost some of its lines');
      expect(text).toContain('line for line');
    }
  });

  it('puts the user\'s words (and a project\'s brief with them) after the instruction', () => {
    const prompt = 'A timber library on a hillside\n\nProject brief: two storeys, north light';
    const text = promptWithInput(prompt, { type: 'sketch', fidelity: 4 });
    expect(text.startsWith(inputInstruction({ type: 'sketch', fidelity: 4 }))).toBe(true);
    expect(text.endsWith(prompt)).toBe(true);
    expect(promptWithInput(prompt, undefined)).toBe(prompt);
  });
});
