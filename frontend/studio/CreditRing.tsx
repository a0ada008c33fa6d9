import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { creditMessages } from '#shared/messages/credits';
import { isUnlimited, type Plan } from '#shared/plans';
import { paths } from '../app/routing';
import { studioLabels } from './labels';
import { creditRingFraction } from './rules';

const RADIUS = 17;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Ring({ fraction, value }: { fraction: number; value: ReactNode }) {
  return (
    <>
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
        {value}
      </span>
    </>
  );
}

/**
 * Fills credits / 100 and leads to the Credits page, where the balance's history and the way to
 * buy more are (docs/decisions/0061-credits-page.md); disabled with 'Unlimited credits' for enterprise.
 */
export function CreditRing({ credits, plan }: { credits: number; plan: Plan }) {
  if (isUnlimited(plan)) {
    return (
      <span className="studio-tip">
        <button type="button" className="studio-ring" disabled aria-label={creditMessages.unlimitedCredits} aria-describedby="studio-ring-tip">
          <Ring fraction={1} value="∞" />
        </button>
        <span role="tooltip" id="studio-ring-tip" className="studio-tooltip">
          {creditMessages.unlimitedCredits}
        </span>
      </span>
    );
  }
  return (
    <span className="studio-tip">
      <Link href={paths.credits} className="studio-ring" aria-label={studioLabels.creditsLabel(credits)} data-credits={credits}>
        <Ring fraction={creditRingFraction(credits)} value={credits} />
      </Link>
    </span>
  );
}
