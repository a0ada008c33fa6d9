import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { studioMessages } from '#shared/messages/studio';
import { cancelJob } from '../api/jobs';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/store';
import { applyJob } from '../queries/jobs';
import { reloadProfile } from '../queries/profile';
import { notify } from '../shell/notices';
import { PromptBubble, TileGrid, TypingDots } from './BatchView';
import type { StudioBatch, StudioImage } from './history';
import type { JobBatchView } from './jobs';
import { studioLabels } from './labels';
import { BriefLine } from './BriefLine';

/** Cancel before any view starts: the job ends with a full refund (a 409 once a view started). */
function useCancel(jobId: string): { busy: boolean; cancel: () => void } {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    const userId = useAuth.getState().userId;
    if (!userId || busy) return;
    setBusy(true);
    cancelJob(jobId)
      .then(
        (job) => {
          applyJob(client, userId, job);
          // The cancelled answer may carry no balance: the profile says what came back.
          void reloadProfile(client, userId);
          notify(studioMessages.cancelled(job.creditsRefunded), { tone: 'success' });
        },
        (error: unknown) => {
          // A 409 says the job started (or ended) meanwhile, in the Worker's words.
          notify(error instanceof ApiError && error.status === 409 ? error.message : studioMessages.generationFailedRetry, { tone: 'error' });
        },
      )
      .finally(() => setBusy(false));
  };
  return { busy, cancel };
}

function ViewLines({ job }: { job: JobBatchView }) {
  return (
    <ol className="studio-job-lines" aria-label={studioLabels.viewProgress}>
      {job.lines.map((line) => (
        <li key={line.index} className={`studio-job-line is-${line.status}`} data-status={line.status}>
          {studioLabels.viewStatus(line.index, line.status)}
        </li>
      ))}
    </ol>
  );
}

/**
 * A generation job in the history (docs/decisions/0052-studio-on-generation-jobs.md): a line
 * per view, each image placed the moment its view lands, Cancel until a view starts; when it
 * failed or was cancelled, why and what came back.
 */
export function JobBatch({ job, onOpen }: { job: JobBatchView; onOpen: (image: StudioImage) => void }) {
  const { busy, cancel } = useCancel(job.id);
  const running = job.message === null;
  const asBatch: StudioBatch = { id: job.id, prompt: job.prompt, model: job.modelLabel, images: job.images, referenceUrls: job.referenceUrls, createdAt: job.createdAt, liked: false, likeCount: 0, preview: false };
  return (
    // A running job is pending like the bubble before it: it counts as a batch once it is done.
    <article className={`studio-batch studio-batch--job is-${job.state}${running ? ' studio-batch--pending' : ''}`} aria-label={job.prompt} aria-busy={running} data-job-id={job.id} data-job-state={job.state}>
      <div className="studio-batch-head">
        <PromptBubble prompt={job.prompt} referenceUrls={job.referenceUrls} />
      </div>
      <p className="studio-batch-meta">{job.modelLabel}</p>
      <BriefLine addition={job.briefAddition} />
      {running ? (
        <div className="studio-pending" role="status" aria-live="polite">
          <TypingDots />
          <span className="studio-stage">
            {job.state === 'queued' ? studioLabels.queued : studioLabels.stage('generating', job.numberOfViews, job.modelLabel)}
          </span>
          {job.canCancel && (
            <button type="button" className="studio-job-cancel" onClick={cancel} disabled={busy} aria-busy={busy}>
              {busy ? studioLabels.cancelling : studioLabels.cancel}
            </button>
          )}
        </div>
      ) : (
        <p className="studio-job-message" role="status">
          {job.message}
        </p>
      )}
      <ViewLines job={job} />
      {job.images.length > 0 && <TileGrid batch={asBatch} images={job.images} slots={job.numberOfViews} onOpen={onOpen} />}
    </article>
  );
}
