import { useEffect } from 'react';
import { MODELS } from '#shared/models';
import { studioMessages } from '#shared/messages';
import type { StudioBatch, StudioImage } from './history';
import { useStudio } from './store';
import { BatchView, PromptBubble } from './BatchView';
import { studioLabels } from './labels';

function PendingBubble() {
  const pending = useStudio((state) => state.pending);
  if (!pending) return null;
  return (
    <article className="studio-batch studio-batch--pending" aria-busy="true">
      <div className="studio-batch-head">
        <PromptBubble prompt={pending.prompt} referenceUrls={pending.referenceUrls} />
      </div>
      <div className="studio-pending" role="status" aria-live="polite">
        <span className="studio-typing" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="studio-stage">{studioLabels.stage(pending.stage, pending.views, MODELS[pending.model].label)}</span>
      </div>
    </article>
  );
}

/** Batches oldest first, the pending one last; the view follows the newest. */
export function History({ batches, onOpen }: { batches: StudioBatch[]; onOpen: (image: StudioImage) => void }) {
  const pending = useStudio((state) => state.pending);
  const newest = batches.at(-1)?.id;
  const running = pending !== null;

  useEffect(() => {
    // The page scrolls (the input bar is docked at its foot), so the newest is at the very bottom.
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [newest, running]);

  if (batches.length === 0 && !pending) {
    return (
      <div className="studio-empty">
        <h2 className="studio-empty-headline">{studioMessages.emptyHeadline}</h2>
      </div>
    );
  }
  return (
    <section className="studio-history" aria-label={studioLabels.history}>
      {batches.map((batch) => (
        <BatchView key={batch.id} batch={batch} onOpen={onOpen} />
      ))}
      <PendingBubble />
    </section>
  );
}
