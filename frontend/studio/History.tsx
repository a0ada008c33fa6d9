import { useEffect, type Ref } from 'react';
import { MODELS } from '#shared/models';
import { studioMessages } from '#shared/messages/studio';
import type { StudioImage } from './history';
import type { HistoryEntry } from './jobs';
import { usePendingGeneration, type PendingGeneration } from './generate';
import { useStudio } from './store';
import { BatchView, PromptBubble, TypingDots } from './BatchView';
import { JobBatch } from './JobBatch';
import { studioLabels } from './labels';
import { STARTER_PROMPTS, inputCopy } from './input-copy';
import { PROMPT_ID } from './PromptBox';
import { briefPromptAddition } from '#shared/brief';
import { BriefLine } from './BriefLine';
import { useOpenProject } from './project';
import { DrawingStart } from './DrawingStart';

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

/**
 * The generation on its way to the Worker (uploading, sending), before it is a job. Its job may
 * come over the live connection before the answer does: then the job's own entry stands for it.
 */
function PendingBubble({ entries, pending }: { entries: HistoryEntry[]; pending: PendingGeneration | null }) {
  const brief = useOpenProject()?.brief;
  if (!pending || entries.some((entry) => entry.kind === 'job' && entry.job.message === null && entry.job.prompt === pending.prompt)) return null;
  return (
    <article className="studio-batch studio-batch--pending" aria-busy="true">
      <div className="studio-batch-head">
        <PromptBubble prompt={pending.prompt} referenceUrls={pending.referenceUrls} />
      </div>
      {brief && !pending.withoutBrief && <BriefLine addition={briefPromptAddition(brief)} />}
      <div className="studio-pending" role="status" aria-live="polite">
        <TypingDots />
        <span className="studio-stage">{studioLabels.stage(pending.stage, pending.views, MODELS[pending.model].label)}</span>
      </div>
    </article>
  );
}

function entryKey(entry: HistoryEntry): string {
  return entry.kind === 'batch' ? entry.batch.id : entry.job.id;
}

interface HistoryProps {
  entries: HistoryEntry[];
  onOpen: (image: StudioImage) => void;
  /** The address asked to start from a drawing: its entry shows at the foot of a history too, until a file is picked. */
  startDrawing: boolean;
  drawingStartRef?: Ref<HTMLButtonElement>;
}

/**
 * Batches and jobs oldest first, the pending one last; the view follows the newest. An empty
 * studio offers two ways in: the user's own drawing, and a few prompts.
 */
export function History({ entries, onOpen, startDrawing, drawingStartRef }: HistoryProps) {
  const pending = usePendingGeneration();
  const hasImages = useStudio((state) => state.selected.length + state.references.length > 0);
  const last = entries.at(-1);
  const newest = last ? `${entryKey(last)}:${last.kind === 'job' ? last.job.images.length : 'batch'}` : undefined;
  const running = pending !== null;

  useEffect(() => {
    // The page scrolls (the input bar is docked at its foot), so the newest is at the very bottom.
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [newest, running]);

  if (entries.length === 0 && !pending) {
    return (
      <div className="studio-empty">
        <h2 className="studio-empty-headline">{studioMessages.emptyHeadline}</h2>
        <DrawingStart focusRef={drawingStartRef} />
        <StarterPrompts />
      </div>
    );
  }
  return (
    <section className="studio-history" aria-label={studioLabels.history}>
      {entries.map((entry) =>
        entry.kind === 'batch' ? (
          <BatchView key={entry.batch.id} batch={entry.batch} onOpen={onOpen} />
        ) : (
          <JobBatch key={entry.job.id} job={entry.job} onOpen={onOpen} />
        ),
      )}
      <PendingBubble entries={entries} pending={pending} />
      {startDrawing && !hasImages && !pending && <DrawingStart focusRef={drawingStartRef} />}
    </section>
  );
}
