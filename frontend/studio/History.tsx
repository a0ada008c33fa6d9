import { useEffect } from 'react';
import { MODELS } from '#shared/models';
import { studioMessages } from '#shared/messages';
import type { StudioBatch, StudioImage } from './history';
import { useStudio } from './store';
import { BatchView, PromptBubble } from './BatchView';
import { studioLabels } from './labels';
import { STARTER_PROMPTS, inputCopy } from './input-copy';
import { PROMPT_ID } from './PromptBox';

/** An empty studio offers a few prompts; a click fills the prompt box (nothing is sent or spent). */
function StarterPrompts() {
  const setPrompt = useStudio((state) => state.setPrompt);
  return (
    <div className="studio-starters">
      <h3 className="studio-starters-title">{inputCopy.startersTitle}</h3>
      <ul className="studio-starters-list">
        {STARTER_PROMPTS.map((text) => (
          <li key={text}>
            <button
              type="button"
              className="studio-starter"
              onClick={() => {
                setPrompt(text);
                document.getElementById(PROMPT_ID)?.focus();
              }}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
        <StarterPrompts />
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
