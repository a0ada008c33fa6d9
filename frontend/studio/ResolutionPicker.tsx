import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routing';
import { studioLabels } from './labels';
import { resolutionOptions, type ResolutionOption } from './rules';
import { useStudio } from './store';
import { useSpacePlan } from '../workspaces/hooks';
import './resolution.css';

/** The tier's resolutions as radios, each with its price; 4K on the free plan disabled, with why and a way to pricing. */
function ResolutionChoices({ onPicked }: { onPicked?: () => void }) {
  const model = useStudio((state) => state.model);
  const resolution = useStudio((state) => state.resolution);
  const setResolution = useStudio((state) => state.setResolution);
  const plan = useSpacePlan();
  const name = useId();
  const options = resolutionOptions(model, plan);
  const option = (choice: ResolutionOption) => {
    const reasonId = `${name}-${choice.resolution}-why`;
    return (
      <li key={choice.resolution}>
        <label className={`studio-resolution-option${choice.enabled ? '' : ' is-disabled'}`}>
          <input type="radio" name={name} checked={choice.resolution === resolution} disabled={!choice.enabled}
            aria-describedby={choice.reason ? reasonId : undefined}
            onChange={() => {
              setResolution(choice.resolution, plan);
              onPicked?.();
            }} />
          <span className="studio-resolution-name">{choice.resolution}</span>
          {choice.price && <span className="studio-resolution-price">{studioLabels.resolutionPrice(choice.price.credits, choice.price.perView)}</span>}
        </label>
        {choice.reason && (
          <p className="studio-resolution-reason" id={reasonId}>
            {choice.reason} <Link href={paths.pricing}>{studioLabels.seePlans}</Link>
          </p>
        )}
      </li>
    );
  };
  return (
    <fieldset className="studio-resolution-choices">
      <legend>{studioLabels.resolutionGroup}</legend>
      <ul>{options.map(option)}</ul>
    </fieldset>
  );
}

/**
 * The resolution chip: the current resolution, opening the choices beside it (a disclosure that
 * closes on a pick, on Escape and on a press elsewhere); in the phone's sheet the choices show as
 * they are. (docs/decisions/0090-print-ui.md)
 */
export function ResolutionPicker({ inline = false }: { inline?: boolean }) {
  const resolution = useStudio((state) => state.resolution);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const element = details.current;
    if (!element) return undefined;
    const close = (focusSummary: boolean) => {
      if (!element.open) return;
      element.open = false;
      if (focusSummary) element.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) close(false);
    };
    element.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      element.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, []);
  if (inline) return <ResolutionChoices />;
  return (
    <details className="studio-resolution" ref={details}>
      <summary className="studio-chip" aria-label={studioLabels.resolution(resolution)} title={studioLabels.resolution(resolution)}>
        {resolution}
      </summary>
      <div className="studio-resolution-panel">
        <ResolutionChoices onPicked={() => {
          if (details.current) details.current.open = false;
        }} />
      </div>
    </details>
  );
}
