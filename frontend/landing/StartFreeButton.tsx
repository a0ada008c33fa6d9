import { useId } from 'react';
import { useLocation } from 'wouter';
import { landingMessages } from './copy';
import { useAuth, useSessionProfile } from '../auth/store';
import { startFreeTarget } from './start-free';

/** Start Free with its tooltip; inert (but still focusable and described) while the profile loads. */
export function StartFreeButton() {
  const status = useAuth((state) => state.status);
  const profile = useSessionProfile();
  const [, navigate] = useLocation();
  const tooltipId = useId();
  const target = startFreeTarget(status, profile ?? null);
  return (
    <span className="landing-tooltip-anchor">
      <button
        type="button"
        className="button button--primary button--large"
        aria-describedby={tooltipId}
        aria-disabled={target === null}
        data-target={target ?? ''}
        onClick={() => {
          if (target) navigate(target);
        }}
      >
        {landingMessages.startFree}
      </button>
      <span role="tooltip" id={tooltipId} className="landing-tooltip">
        {landingMessages.startFreeTooltip}
      </span>
    </span>
  );
}
