import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import type { JobSnapshot } from '#shared/job-types';
import { historyQuery, type StudioBatch, type StudioImage } from './history';
import { historyEntries, unfinishedCount } from './jobs';
import { jobsQuery } from '../queries/jobs';
import { isLiveOpen } from '../realtime/store';
import { JOBS_POLL_MS } from '../ui/timings';
import { useStudio } from './store';
import { History } from './History';
import { InputBar } from './InputBar';
import { studioLabels } from './labels';
import { ValidationCard } from './ValidationCard';
import { LazyViewer, type ViewerSlide } from '../viewer/LazyViewer';
import { downloadImage } from './download';
import { ProjectSwitcher } from './ProjectSwitcher';
import { useProjectFromAddress } from './project';
import { RegionEditHost } from '../edit/RegionEditHost';
import { editTargetOf } from '../edit/target';
import { slideFidelity } from '../fidelity/slides';
import { renderAgainOffer, useRenderAgain } from './render-again';
import { useStartFromDrawing } from './DrawingStart';
import './studio.css';

const NO_BATCHES: StudioBatch[] = [];
const NO_JOBS: JobSnapshot[] = [];

/**
 * The caller's jobs: read on every visit (a reload, another device) and kept current by the
 * live connection; while it is down and a job runs, read again every few seconds.
 */
function useJobs(userId: string | undefined): JobSnapshot[] {
  const jobs = useQuery({
    ...jobsQuery(userId ?? ''),
    enabled: Boolean(userId),
    refetchOnMount: 'always',
    refetchInterval: (query) => (unfinishedCount(query.state.data) > 0 && !isLiveOpen() ? JOBS_POLL_MS : false),
  });
  return jobs.data ?? NO_JOBS;
}

/** The refinement this tab started continues from its first image once its job is done. */
function useAwaitedRefinement(batches: StudioBatch[]): void {
  const awaited = useStudio((state) => state.awaitedRefinement);
  const jobFinished = useStudio((state) => state.jobFinished);
  useEffect(() => {
    const batch = awaited ? batches.find((candidate) => candidate.id === awaited) : undefined;
    if (batch) jobFinished(batch);
  }, [awaited, batches, jobFinished]);
}

function FreeNotice() {
  return (
    <p className="studio-free-notice">
      <span>{studioLabels.freeNotice}</span> <Link href={paths.pricing}>{studioLabels.upgrade}</Link>
    </p>
  );
}

/**
 * The studio screen (docs/decisions/0032-studio-screen.md): history above, the validation card and
 * the input bar below.
 */
export function Studio({ tier }: { tier: 'free' | 'full' }) {
  const userId = useAuth((state) => state.user?.id);
  const plan = useAuth((state) => state.user?.plan ?? 'free');
  const generating = useStudio((state) => state.pending !== null);
  const adoptOwner = useStudio((state) => state.adoptOwner);
  useProjectFromAddress();
  // Read on every visit and after live updates, but never while a generation runs (docs/decisions/0032).
  const history = useQuery({ ...historyQuery(userId ?? ''), enabled: Boolean(userId) && !generating, refetchOnMount: 'always' });
  const jobs = useJobs(userId);
  const jobReferences = useStudio((state) => state.jobReferences);
  const entries = useMemo(
    () => historyEntries(history.data ?? NO_BATCHES, jobs, (id) => jobReferences[id] ?? []),
    [history.data, jobs, jobReferences],
  );
  // What the viewer pages through: every image shown, a running job's landed views included.
  const batches = useMemo(
    () =>
      entries.map((entry) =>
        entry.kind === 'batch'
          ? { ...entry.batch, finished: true }
          : { id: entry.job.id, prompt: entry.job.prompt, model: entry.job.modelLabel, images: entry.job.images, finished: false, input: undefined },
      ),
    [entries],
  );
  useAwaitedRefinement(useMemo(() => entries.flatMap((entry) => (entry.kind === 'batch' ? [entry.batch] : [])), [entries]));
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const images = useMemo(() => batches.flatMap((batch) => batch.images), [batches]);
  // Every image of the history in one sequence, each with its own batch's prompt.
  const slides = useMemo<ViewerSlide[]>(
    () =>
      batches.flatMap((batch) =>
        batch.images.map((image) => ({
          url: image.url,
          preview: image.renditions.at(-1)?.url,
          alt: batch.prompt,
          prompt: batch.prompt,
          width: image.width,
          height: image.height,
          placeholder: image.placeholder ?? undefined,
          // Every studio image is the user's own: its lineage is one click away.
          lineageOf: batch.id,
          // A finished batch's images can be edited from the viewer (a running job's not yet).
          editTarget: batch.finished ? (editTargetOf(batch, image.index) ?? undefined) : undefined,
          // Its geometry; a finished batch made from a drawing can be rendered again, more precise.
          fidelity: slideFidelity(batch.id, image, batch.finished ? renderAgainOffer(batch, plan) : undefined),
        })),
      ),
    [batches, plan],
  );
  const renderAgain = useRenderAgain();

  useEffect(() => {
    document.title = `${tier === 'free' ? studioLabels.freeTitle : studioLabels.pageTitle} — Parti`;
  }, [tier]);

  useEffect(() => {
    if (userId) adoptOwner(userId);
  }, [userId, adoptOwner]);

  const open = useCallback((image: StudioImage) => setViewerIndex(images.findIndex((item) => item.id === image.id)), [images]);
  const close = useCallback(() => setViewerIndex(null), []);
  const { startDrawing, focusRef } = useStartFromDrawing(entries.length > 0);

  return (
    <div className={`studio studio--${tier}`}>
      <h1 className="visually-hidden">{tier === 'free' ? studioLabels.freeTitle : studioLabels.pageTitle}</h1>
      {tier === 'free' && <FreeNotice />}
      <ProjectSwitcher />
      <div className="studio-scroll">
        <History entries={entries} onOpen={open} startDrawing={startDrawing} drawingStartRef={focusRef} />
      </div>
      <div className="studio-dock">
        <ValidationCard />
        <InputBar />
      </div>
      {viewerIndex !== null && viewerIndex >= 0 && viewerIndex < slides.length && (
        <LazyViewer
          slides={slides}
          index={viewerIndex}
          wrap
          onDownload={(index) => {
            const image = images[index];
            if (image) void downloadImage(image.url, image.id);
          }}
          onRenderAgain={async (index) => {
            const image = images[index];
            const batch = batches.find((candidate) => candidate.id === image?.batchId);
            // The new job shows at the foot of the history, where the viewer would hide it.
            if (batch?.finished && (await renderAgain(batch))) close();
          }}
          onIndexChange={setViewerIndex}
          onClose={close}
        />
      )}
      <RegionEditHost />
    </div>
  );
}
