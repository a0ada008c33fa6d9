import { useMemo } from 'react';
import type { ReviewPage } from '#shared/review-types';
import { BoardBuilder } from '../board/BoardBuilder';
import { boardImagesOf } from '../board/board-model';
import { reviewMessages } from './copy';

/**
 * The presentation board on a review link that allows downloads: the same builder as the owner's,
 * over the originals the link serves (docs/decisions/0074-presentation-board.md).
 */
export function ReviewBoard({ page, onClose }: { page: ReviewPage; onClose: () => void }) {
  const images = useMemo(() => boardImagesOf(page.generations), [page.generations]);
  return (
    <section className="review-board" aria-labelledby="review-board-title">
      <div className="review-board-head">
        <h2 id="review-board-title">{reviewMessages.boardHeading}</h2>
        <button type="button" className="review-button review-button--quiet" onClick={onClose}>
          {reviewMessages.boardClose}
        </button>
      </div>
      <BoardBuilder projectName={page.project.name} brief={page.project.brief} images={images} freePlanMark={page.watermarked} />
    </section>
  );
}
