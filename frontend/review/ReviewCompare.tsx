import type { ReviewGeneration, ReviewPage } from '#shared/review-types';
import { CompareView, type CompareImage } from '../compare/CompareView';
import type { CompareMode } from '../compare/layout';
import { compareLabel } from '../compare/items';
import { reviewMessages } from './copy';
import { DecisionSummary, StandingBadge } from './Decisions';
import type { VersionNode } from './version-trees';

/** The versions' first images for the compare view: originals only when the link allows downloads, else the widest rendition. */
function compareImages(nodes: readonly VersionNode<ReviewGeneration>[]): CompareImage[] {
  return nodes.flatMap(({ generation }) => {
    const image = generation.images[0];
    if (!image) return [];
    const url = image.url ?? image.renditions.at(-1)?.url ?? image.thumbnailUrl;
    const fidelity = image.fidelity && image.fidelityMapUrl ? { score: image.fidelity.score, map: { kind: 'url' as const, url: image.fidelityMapUrl } } : undefined;
    return [{ key: `${generation.id}.0`, label: compareLabel(generation, 0), alt: generation.prompt, url, renditions: image.renditions, width: image.width, height: image.height, placeholder: image.placeholder, ...(fidelity ? { fidelity } : {}) }];
  });
}

/** Two to four versions in the app's compare view (one pan and zoom, wipe, flicker), each version's standing below. */
interface ReviewCompareProps {
  page: ReviewPage;
  nodes: VersionNode<ReviewGeneration>[];
  /** 'wipe' for a version over the one it came from (before / after). */
  initialMode?: CompareMode;
  onClose: () => void;
  onOpen: (id: string) => void;
}

export function ReviewCompare({ page, nodes, initialMode, onClose, onOpen }: ReviewCompareProps) {
  return (
    <section className="review-compare" aria-labelledby="compare-title">
      <h2 id="compare-title" className="visually-hidden">{reviewMessages.compareHeading}</h2>
      <div className="review-compare-stage">
        <CompareView
          items={compareImages(nodes)}
          initialMode={initialMode}
          leading={
            <button type="button" className="review-compare-close" onClick={onClose}>
              {reviewMessages.compareClose}
            </button>
          }
        />
      </div>
      <ul className={`review-compare-grid review-compare-grid--${nodes.length}`}>
        {nodes.map((node) => (
          <li key={node.generation.id}>
            <div className="review-card-head">
              <button type="button" className="review-link-button" onClick={() => onOpen(node.generation.id)} aria-label={reviewMessages.openVersion(node.label)}>
                {reviewMessages.versionLabel(node.label)}
              </button>
              <StandingBadge decisions={page.decisions} generationId={node.generation.id} />
            </div>
            <DecisionSummary decisions={page.decisions} generationId={node.generation.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}
