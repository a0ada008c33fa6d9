import type { ReactNode } from 'react';
import { formatInr } from '#shared/payments';
import type { PlanDefinition } from './plans';

interface PlanCardProps {
  plan: PlanDefinition;
  /** 'Pro Member — N Credits Left' and the like, on the member's own card. */
  memberRibbon: string | null;
  highlighted: boolean;
  children: ReactNode;
}

export function PlanCard({ plan, memberRibbon, highlighted, children }: PlanCardProps) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      className={`plan-card plan-card--${plan.id}${highlighted ? ' is-highlighted' : ''}${memberRibbon ? ' is-member' : ''}`}
      aria-labelledby={headingId}
      data-plan={plan.id}
    >
      {plan.badge && <div className="plan-badge">{plan.badge}</div>}
      {memberRibbon && <div className="member-ribbon">{memberRibbon}</div>}
      <p className="plan-label">{plan.label}</p>
      <h2 className="plan-name" id={headingId}>
        {plan.name}
      </h2>
      <p className="plan-description">{plan.description}</p>
      <p className="plan-price">
        <span className="plan-price-figure">{plan.price === null ? 'Custom' : `₹${formatInr(plan.price)}`}</span>
        <span className="plan-price-unit">{plan.priceUnit}</span>
      </p>
      <ul className="plan-details">
        {plan.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <div className="plan-action">{children}</div>
    </article>
  );
}
