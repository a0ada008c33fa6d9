import { reviewCompareSizes } from '#shared/review-layout';
import type { ReviewGeneration, ReviewPage } from '#shared/review-types';
import { reviewMessages } from './copy';
import { DecisionSummary, StandingBadge } from './Decisions';
import { ResponsiveImage } from './PinnedImage';
import type { VersionNode } from './rules';

/** Two to four versions side by side, each with its standing; a version opens to comment on it. */
export function ReviewCompare({ page, nodes, onClose, onOpen }: { page: ReviewPage; nodes: VersionNode<ReviewGeneration>[]; onClose: () => void; onOpen: (id: string) => void }) {
  return (
    <section className="review-compare" aria-labelledby="compare-title">
      <div className="review-focus-bar">
        <button type="button" className="review-button review-button--quiet" onClick={onClose}>
          {reviewMessages.compareClose}
        </button>
        <h2 id="compare-title">{reviewMessages.compareHeading}</h2>
      </div>
      <ul className={`review-compare-grid review-compare-grid--${nodes.length}`}>
        {nodes.map((node) => {
          const image = node.generation.images[0];
          return (
            <li key={node.generation.id}>
              {image && (
                <button type="button" className="review-card-image" onClick={() => onOpen(node.generation.id)} aria-label={reviewMessages.openVersion(node.label)}>
                  <ResponsiveImage image={image} alt={reviewMessages.imageAlt(node.label, 0, node.generation.images.length)} sizes={reviewCompareSizes(nodes.length)} eager />
                </button>
              )}
              <div className="review-card-head">
                <h3>{reviewMessages.versionLabel(node.label)}</h3>
                <StandingBadge decisions={page.decisions} generationId={node.generation.id} />
              </div>
              <DecisionSummary decisions={page.decisions} generationId={node.generation.id} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
