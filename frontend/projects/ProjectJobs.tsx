import { useQuery } from '@tanstack/react-query';
import { isJobEnded, type JobSnapshot } from '#shared/job-types';
import { jobsQuery } from '../queries/jobs';
import { useSentJobs } from '../queries/sent-jobs';
import { isLiveOpen } from '../realtime/store';
import { jobEndMessage, unfinishedCount } from '../studio/jobs';
import { JOBS_POLL_MS } from '../ui/timings';
import { projectUiMessages } from './copy';
import { projectJobs } from './rules';

const NO_JOBS: JobSnapshot[] = [];

/**
 * The project's jobs on their way, above the tree: each until it lands there (the finished job
 * re-reads the project: frontend/queries/jobs.ts), and an edit or upscale this tab sent that failed, with
 * why and what came back, until dismissed. Kept current by the live connection; read again every
 * few seconds while that is down and a job runs.
 */
export function ProjectJobs({ ownerId, projectId, generationIds }: { ownerId: string; projectId: string; generationIds: ReadonlySet<string> }) {
  const sent = useSentJobs((state) => state.ids);
  const forget = useSentJobs((state) => state.forget);
  const query = useQuery({
    ...jobsQuery(ownerId),
    enabled: ownerId !== '',
    refetchInterval: (current) => (unfinishedCount(current.state.data) > 0 && !isLiveOpen() ? JOBS_POLL_MS : false),
  });
  const shown = projectJobs(query.data ?? NO_JOBS, projectId, generationIds).filter(
    (job) => !isJobEnded(job.status) || (job.status !== 'done' && sent.includes(job.id)),
  );
  if (shown.length === 0) return null;
  return (
    <section className="project-jobs" aria-label={projectUiMessages.jobsHeading}>
      <ul aria-live="polite">
        {shown.map((job) => {
          const ended = jobEndMessage(job);
          return (
            <li key={job.id} className={`project-job is-${job.status}`} data-job-id={job.id}>
              <span className="project-job-prompt">{job.prompt}</span>
              <span className="project-job-state">{ended ?? (job.status === 'queued' ? projectUiMessages.jobQueued : projectUiMessages.jobRunning)}</span>
              {ended && (
                <button type="button" className="link-button" onClick={() => forget(job.id)}>{projectUiMessages.dismiss}</button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
