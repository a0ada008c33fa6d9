import { useId, useState } from 'react';
import type { ViewFidelity } from '#shared/drawing-inputs';
import { Icon } from '../ui/icons';
import { fidelityCopy } from './copy';
import { fidelityPercent, fidelityTone } from './rules';
import './fidelity.css';

/** A circular arrow: the view was rendered a second time. */
const retriedIcon = 'M19 12a7 7 0 1 1-2-4.9M19 4v4h-4';

interface FidelityBadgeProps {
  fidelity: Pick<ViewFidelity, 'score' | 'retried'>;
  /** The tile's roving tab stop (the studio's batches are one tab stop each). */
  tabIndex?: number;
}

/**
 * "Geometry kept 93 %" on a scored view, explained in one line: on hover and keyboard focus as a
 * tooltip (the button's description, so screen readers hear it too), and on a tap, where there is
 * no hover, until the next tap or the focus leaves.
 */
export function FidelityBadge({ fidelity, tabIndex }: FidelityBadgeProps) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const percent = fidelityPercent(fidelity.score);
  return (
    <span className={`fidelity-badge is-${fidelityTone(fidelity.score)}${open ? ' is-open' : ''}`} data-score={fidelity.score}>
      <button
        type="button"
        className="fidelity-badge-button"
        tabIndex={tabIndex}
        aria-describedby={tipId}
        onClick={() => setOpen(!open)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <span className="fidelity-dot" aria-hidden="true" />
        <span>{fidelityCopy.badge(percent)}</span>
        {fidelity.retried && ' '}
        {fidelity.retried && (
          <span className="fidelity-retried" role="img" aria-label={fidelityCopy.retriedMark}>
            <Icon path={retriedIcon} size={12} />
          </span>
        )}
      </button>
      <span role="tooltip" id={tipId} className="fidelity-tip">
        {fidelityCopy.explanation}
        {fidelity.retried ? ` ${fidelityCopy.retried}.` : ''}
      </span>
    </span>
  );
}
