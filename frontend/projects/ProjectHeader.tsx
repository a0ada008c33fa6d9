import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { PROJECT_NAME_MAX_CHARS } from '#shared/limits';
import type { Plan } from '#shared/plans';
import { boardPath, paths } from '../app/routing';
import { boardCopy } from '../board/copy';
import { reviewMessages } from '../review/copy';
import { compareHref } from '../compare/compare-url';
import { Icon, generateIcon } from '../ui/icons';
import { leftIcon } from '../ui/card-icons';
import { compareIcon, editIcon } from '../ui/tool-icons';
import type { ProjectDetail } from '../api/projects';
import { useUpdateProject } from '../queries/projects';
import { DownloadAllButton } from '../downloads/DownloadAllButton';
import { projectDownload } from '../downloads/requests';
import { useSpaceCan } from '../workspaces/hooks';
import { projectUiMessages } from './copy';
import { exactTime, relativeTime } from './relative-time';
import { canCompare, cleanName, studioHref } from './rules';

/** The name as a heading with a rename button beside it (when the user may edit projects), or, while renaming, a field in its place. */
function ProjectName({ project }: { project: ProjectDetail }) {
  const editable = useSpaceCan('editProjects');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const update = useUpdateProject(project.id);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanName(name);
    if (!clean || clean === project.name) return setEditing(false);
    update.mutate({ name: clean }, { onSuccess: () => setEditing(false) });
  };
  if (!editing) {
    return (
      <div className="project-title">
        <h1>{project.name}</h1>
        {editable && (
          <button type="button" className="project-icon-button" aria-label={projectUiMessages.renameProject(project.name)} title={projectUiMessages.rename}
            onClick={() => {
              setName(project.name);
              setEditing(true);
            }}>
            <Icon size={20} path={editIcon} />
          </button>
        )}
      </div>
    );
  }
  return (
    <form className="project-title project-title--editing" onSubmit={save}>
      <h1 className="visually-hidden">{project.name}</h1>
      <input aria-label={projectUiMessages.nameLabel} value={name} maxLength={PROJECT_NAME_MAX_CHARS} autoFocus autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }} />
      <button type="submit" className="button button--primary" disabled={!cleanName(name) || update.isPending}>{projectUiMessages.save}</button>
      <button type="button" className="button" onClick={() => setEditing(false)}>{projectUiMessages.cancel}</button>
    </form>
  );
}

interface ProjectHeaderProps {
  project: ProjectDetail;
  plan: Plan | undefined;
  now: number;
  selected: readonly string[];
  /** "Share for review" opens its panel right under the header (the page renders it as `#project-share`). */
  sharing: boolean;
  onShare: () => void;
}

/** Back to the projects, the name (renamed in place), its count and last change, and the page's ways on (studio, board, download, compare, share). */
export function ProjectHeader({ project, plan, now, selected, sharing, onShare }: ProjectHeaderProps) {
  const comparable = canCompare(selected);
  const generates = useSpaceCan('generate');
  const shares = useSpaceCan('shareProjects');
  const imageCount = project.generations.reduce((sum, generation) => sum + generation.images.length, 0);
  return (
    <header className="project-header">
      <Link href={paths.projects} className="project-back">
        <Icon size={16} path={leftIcon} />
        {projectUiMessages.backToProjects}
      </Link>
      <ProjectName key={project.name} project={project} />
      <p className="project-facts">
        <span>{projectUiMessages.generations(project.generations.length)}</span>
        <time dateTime={project.updatedAt} title={exactTime(project.updatedAt)}>{projectUiMessages.changed(relativeTime(project.updatedAt, now))}</time>
      </p>
      <div className="project-actions">
        {generates && (
          <Link href={studioHref(plan, project.id)} className="button button--primary">
            <Icon size={18} path={generateIcon} />
            {projectUiMessages.openInStudio}
          </Link>
        )}
        {shares && (
          <button type="button" className="button" aria-expanded={sharing} aria-controls={sharing ? 'project-share' : undefined} onClick={onShare}>
            {reviewMessages.shareHeading}
          </button>
        )}
        <Link href={boardPath(project.id)} className="button">{boardCopy.openBoard}</Link>
        <DownloadAllButton className="button" imageCount={imageCount} download={() => projectDownload(project, imageCount)} />
        {comparable ? (
          <Link href={compareHref(selected.map((generationId) => ({ generationId, imageIndex: 0 })))} className="button">
            <Icon size={18} path={compareIcon} />
            {projectUiMessages.compare(selected.length)}
          </Link>
        ) : (
          <button type="button" className="button" disabled aria-describedby="compare-hint">
            <Icon size={18} path={compareIcon} />
            {projectUiMessages.compare(selected.length)}
          </button>
        )}
        <span id="compare-hint" className="project-hint">{comparable ? '' : projectUiMessages.compareHint}</span>
      </div>
    </header>
  );
}
