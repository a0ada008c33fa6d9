import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { studioUiMessages } from '#shared/messages/studio';
import { MODELS, type AspectRatio } from '#shared/models';
import { Icon } from '../ui/icons';
import { ratioIcon } from '../ui/tool-icons';
import { ratioSwatch } from './rules';
import { useStudio } from './store';
import './ratio-picker.css';

/** The outline's box in the picker, CSS px. */
const SWATCH_PX = 28;

/**
 * The ratios the model offers as one radio group, each with its outline: arrow keys move the
 * choice, as in any radio group. `onPicked` follows a click or Enter (not an arrow key), so a
 * popover can close once the user has chosen.
 */
export function RatioChoices({ onPicked }: { onPicked?: () => void }) {
  const model = useStudio((state) => state.model);
  const aspectRatio = useStudio((state) => state.aspectRatio);
  const setAspectRatio = useStudio((state) => state.setAspectRatio);
  const name = useId();
  const pickedByPointer = (event: MouseEvent) => {
    // A keyboard's arrow keys also "click" a radio, with no pointer detail: those only move the choice.
    if (event.detail > 0) onPicked?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onPicked?.();
    }
  };
  return (
    <fieldset className="studio-ratios" onKeyDown={onKeyDown}>
      <legend className="studio-ratios-legend">{studioUiMessages.aspectRatio}</legend>
      <div className="studio-ratio-grid">
        {MODELS[model].aspectRatios.map((ratio: AspectRatio) => {
          const swatch = ratioSwatch(ratio, SWATCH_PX);
          return (
            <label key={ratio} className="studio-ratio">
              <input
                type="radio"
                name={name}
                value={ratio}
                checked={ratio === aspectRatio}
                onChange={() => setAspectRatio(ratio)}
                onClick={pickedByPointer}
              />
              <span className="studio-ratio-tile">
                <span className="studio-ratio-swatch" aria-hidden="true" style={{ width: swatch.width, height: swatch.height }} />
                <span className="studio-ratio-text">{ratio}</span>
                <span className="visually-hidden">{` (${studioUiMessages.ratioShape(ratio)})`}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The aspect-ratio chip of the input bar: it opens the model's ratios above it (a picker, not a
 * cycle: docs/decisions/0091-studio-polish.md). Escape, a click outside, leaving it with Tab or a
 * pick closes it; focus comes back to the chip.
 */
export function RatioPicker() {
  const aspectRatio = useStudio((state) => state.aspectRatio);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const chip = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) chip.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    wrapper.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={wrapper}
      className="studio-ratio-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !wrapper.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={chip}
        type="button"
        className={`studio-chip${open ? ' is-on' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={studioUiMessages.aspectRatioChip(aspectRatio)}
        title={studioUiMessages.aspectRatioChip(aspectRatio)}
        onClick={() => setOpen(!open)}
      >
        <Icon path={ratioIcon} size={18} />
        <span>{aspectRatio}</span>
      </button>
      <div id={panelId} className="studio-ratio-panel" hidden={!open}>
        {open && <RatioChoices onPicked={() => close(true)} />}
      </div>
    </div>
  );
}
