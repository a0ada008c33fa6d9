import { useLocation } from 'wouter';
import { studioMessages } from '#shared/messages';
import { isUnlimited, type Plan } from '#shared/plans';
import { paths } from '../app/routing';
import { studioLabels } from './labels';
import { creditRingFraction } from './rules';

const RADIUS = 17;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Fills credits / 100; leads to pricing; disabled with 'Unlimited credits' for enterprise. */
export function CreditRing({ credits, plan }: { credits: number; plan: Plan }) {
  const [, navigate] = useLocation();
  const unlimited = isUnlimited(plan);
  const fraction = unlimited ? 1 : creditRingFraction(credits);
  return (
    <span className="studio-tip">
      <button
        type="button"
        className="studio-ring"
        disabled={unlimited}
        aria-label={unlimited ? studioMessages.unlimitedCredits : studioLabels.creditsLabel(credits)}
        aria-describedby={unlimited ? 'studio-ring-tip' : undefined}
        data-credits={unlimited ? undefined : credits}
        onClick={() => navigate(paths.pricing)}
      >
        <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
          <circle cx="22" cy="22" r={RADIUS} className="studio-ring-track" />
          <circle
            cx="22"
            cy="22"
            r={RADIUS}
            className="studio-ring-fill"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          />
        </svg>
        <span className="studio-ring-value" aria-hidden="true">
          {unlimited ? '∞' : credits}
        </span>
      </button>
      {unlimited && (
        <span role="tooltip" id="studio-ring-tip" className="studio-tooltip">
          {studioMessages.unlimitedCredits}
        </span>
      )}
    </span>
  );
}
