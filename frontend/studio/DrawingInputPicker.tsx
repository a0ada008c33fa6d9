import { useId } from 'react';
import { FIDELITY_STEPS, INPUT_TYPES } from '#shared/drawing-inputs';
import { drawingInput, fidelityStepOf } from './drawing-input';
import { drawingCopy } from './input-copy';
import { useStudio } from './store';
import './drawing-input.css';

/**
 * Beside the input file's thumbnail: what it is (the Worker's guess preselected) and, once it has
 * a type, how closely the render follows it. Native radios and a range: the arrow keys, a tap and
 * a drag all work, and each control is named (docs/decisions/0093-drawing-inputs-ui.md).
 */
export function DrawingInputPicker() {
  const selected = useStudio((state) => state.selected);
  const references = useStudio((state) => state.references);
  const inputChoice = useStudio((state) => state.inputChoice);
  const chooseType = useStudio((state) => state.chooseInputType);
  const chooseFidelity = useStudio((state) => state.chooseFidelity);
  const group = useId();
  const sliderId = useId();
  const input = drawingInput({ selected, references, inputChoice });
  if (!input) return null;
  return (
    <fieldset className="drawing-input">
      <legend className="drawing-input-question">{drawingCopy.question(input.reference.name)}</legend>
      <div className="drawing-input-types">
        {INPUT_TYPES.map((type) => (
          <label key={type} className={`drawing-input-type${input.type === type ? ' is-on' : ''}`}>
            <input type="radio" name={group} value={type} checked={input.type === type} onChange={() => chooseType(type)} />
            <span>{drawingCopy.types[type]}</span>
          </label>
        ))}
      </div>
      {input.type && input.fidelity && (
        <div className="drawing-fidelity">
          <label htmlFor={sliderId} className="drawing-fidelity-label">{drawingCopy.fidelity}</label>
          <span className="drawing-fidelity-scale">
            <span aria-hidden="true">{drawingCopy.creative}</span>
            <input
              id={sliderId}
              type="range"
              min={FIDELITY_STEPS[0]}
              max={FIDELITY_STEPS.length}
              step={1}
              value={input.fidelity}
              aria-valuetext={drawingCopy.stepValue(input.fidelity, FIDELITY_STEPS.length)}
              onChange={(event) => {
                const step = fidelityStepOf(Number(event.currentTarget.value));
                if (step) chooseFidelity(step);
              }}
            />
            <span aria-hidden="true">{drawingCopy.precise}</span>
          </span>
          <span className="drawing-fidelity-step" aria-hidden="true">{drawingCopy.stepText(input.fidelity)}</span>
        </div>
      )}
    </fieldset>
  );
}
