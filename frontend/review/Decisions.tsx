import type { ReviewApproval, ReviewDecision } from '#shared/review-types';
import { reviewMessages } from './copy';
import { decisionSummary } from './rules';

/** "Approved" / "Changes requested" as a badge, by the version's current decisions. */
export function StandingBadge({ decisions, generationId }: { decisions: readonly ReviewApproval[]; generationId: string }) {
  const { standing } = decisionSummary(decisions, generationId);
  if (!standing) return null;
  return (
    <span className={`badge badge--${standing === 'approved' ? 'approved' : 'changes'}`}>
      {standing === 'approved' ? reviewMessages.approved : reviewMessages.changesRequested}
    </span>
  );
}

/** Who approved and who asked for changes. */
export function DecisionSummary({ decisions, generationId }: { decisions: readonly ReviewApproval[]; generationId: string }) {
  const { approved, changes } = decisionSummary(decisions, generationId);
  if (approved.length === 0 && changes.length === 0) return null;
  return (
    <ul className="decision-summary">
      {approved.length > 0 && <li className="is-approved">{reviewMessages.approvedBy(approved.join(', '))}</li>}
      {changes.length > 0 && <li className="is-changes">{reviewMessages.changesBy(changes.join(', '))}</li>}
    </ul>
  );
}

/** The reviewer's two buttons; the pressed one is their current decision. */
export function DecisionButtons({ current, busy, onDecide, label }: { current: ReviewDecision | null; busy: boolean; onDecide: (status: ReviewDecision) => void; label: string }) {
  return (
    <div className="decision-buttons" role="group" aria-label={label}>
      <button
        type="button"
        className={`review-button review-button--approve${current === 'approved' ? ' is-pressed' : ''}`}
        aria-pressed={current === 'approved'}
        disabled={busy}
        onClick={() => onDecide('approved')}
      >
        {current === 'approved' ? reviewMessages.approved : reviewMessages.approve}
      </button>
      <button
        type="button"
        className={`review-button review-button--changes${current === 'changes_requested' ? ' is-pressed' : ''}`}
        aria-pressed={current === 'changes_requested'}
        disabled={busy}
        onClick={() => onDecide('changes_requested')}
      >
        {current === 'changes_requested' ? reviewMessages.changesRequested : reviewMessages.requestChanges}
      </button>
    </div>
  );
}
