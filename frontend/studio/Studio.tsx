import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import type { JobSnapshot } from '#shared/job-types';
import { historyQuery } from '../queries/history';
import type { StudioBatch, StudioImage } from './history';
import { historyEntries, unfinishedCount } from './jobs';
import { jobsQuery } from '../queries/jobs';
import { isLiveOpen } from '../realtime/store';
import { JOBS_POLL_MS } from '../ui/timings';
import { generateMutationKey, useSentReferences } from './generate';
import { useStudio } from './store';
import { History } from './History';
import { InputBar } from './InputBar';
import { studioLabels } from './labels';
import { ValidationCard } from './ValidationCard';
import { ConnectionNotice } from './ConnectionNotice';
import { CreditsNotice } from './CreditsNotice';
import { StudioViewer, type OpenedImage, type ViewerBatch } from './StudioViewer';
import { ProjectSwitcher } from './ProjectSwitcher';
import { useProjectFromAddress } from './project';
import { ProjectContext } from './ProjectContext';
import { RegionEditHost } from '../edit/RegionEditHost';
import { useStartFromDrawing } from './DrawingStart';
import { useSpaceOwner } from '../workspaces/hooks';
import './studio.css';

const NO_BATCHES: StudioBatch[] = [];
const NO_JOBS: JobSnapshot[] = [];

/**
 * The caller's jobs: read on every visit (a reload, another device) and kept current by the
 * live connection; while it is down and a job runs, read again every few seconds.
 */
function useJobs(owner: string): JobSnapshot[] {
  const jobs = useQuery({
    ...jobsQuery(owner),
    enabled: owner !== '',
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
  const userId = useAuth((state) => state.userId ?? undefined);
  const owner = useSpaceOwner();
  const generating = useIsMutating({ mutationKey: generateMutationKey }) > 0;
  const adoptOwner = useStudio((state) => state.adoptOwner);
  useProjectFromAddress();
  const projectId = useStudio((state) => state.projectId);
  // Read on every visit and after live updates, but never while a generation runs (docs/decisions/0032).
  // Inside a project, the history is that project's alone.
  const history = useQuery({ ...historyQuery(owner, projectId), enabled: owner !== '' && !generating, refetchOnMount: 'always' });
  const allJobs = useJobs(owner);
  const jobs = useMemo(() => (projectId ? allJobs.filter((job) => job.projectId === projectId) : allJobs), [allJobs, projectId]);
  const sentReferences = useSentReferences();
  const entries = useMemo(() => historyEntries(history.data ?? NO_BATCHES, jobs, sentReferences), [history.data, jobs, sentReferences]);
  // What the viewer pages through: the opened image's batch, a running job's landed views included.
  const batches = useMemo(
    () =>
      entries.map((entry): ViewerBatch =>
        entry.kind === 'batch'
          ? { ...entry.batch, finished: true, projectId: entry.batch.projectId ?? null }
          : { id: entry.job.id, prompt: entry.job.prompt, model: entry.job.modelLabel, images: entry.job.images, finished: false, liked: false, projectId: null },
      ),
    [entries],
  );
  useAwaitedRefinement(useMemo(() => entries.flatMap((entry) => (entry.kind === 'batch' ? [entry.batch] : [])), [entries]));
  const [opened, setOpened] = useState<OpenedImage | null>(null);
  const openedBatch = opened ? batches.find((batch) => batch.id === opened.batchId && batch.images.some((image) => image.id === opened.imageId)) : undefined;

  useEffect(() => {
    document.title = `${tier === 'free' ? studioLabels.freeTitle : studioLabels.pageTitle} — Parti`;
  }, [tier]);

  useEffect(() => {
    if (userId) adoptOwner(userId);
  }, [userId, adoptOwner]);

  const open = useCallback((image: StudioImage) => setOpened({ batchId: image.batchId, imageId: image.id }), []);
  const close = useCallback(() => setOpened(null), []);
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
        <ProjectContext />
        <ValidationCard />
        <ConnectionNotice />
        <CreditsNotice />
        <InputBar />
      </div>
      {opened && openedBatch && (
        <StudioViewer batch={openedBatch} imageId={opened.imageId} onMove={(imageId) => setOpened({ batchId: openedBatch.id, imageId })} onClose={close} />
      )}
      <RegionEditHost />
    </div>
  );
}
