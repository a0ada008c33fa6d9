import { useState } from 'react';
import { Link } from 'wouter';
import { srcsetOf } from '#shared/renditions';
import { masonrySizes } from '#shared/grid-rules';
import { projectPath } from '../app/routing';
import { placeholderDataUrl } from '../gallery/placeholder';
import { Icon } from '../ui/icons';
import { trashIcon } from '../ui/card-icons';
import { editIcon, projectIcon } from '../ui/tool-icons';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import type { ProjectSummary } from '../api/projects';
import { useDeleteProject, useUpdateProject } from '../queries/projects';
import { projectUiMessages } from './copy';
import { NameDialog } from './NameDialog';
import { useSpaceCan } from '../workspaces/hooks';
import { exactTime, relativeTime } from './relative-time';
import { COVER_ASPECT, coverShare, PROJECT_COLUMNS } from './rules';

function Cover({ project, eager }: { project: ProjectSummary; eager: boolean }) {
  const cover = project.cover;
  if (!cover) {
    return (
      <div className="project-cover project-cover--empty">
        <Icon size={28} path={projectIcon} />
        <span>{projectUiMessages.noCover}</span>
      </div>
    );
  }
  const placeholder = placeholderDataUrl(cover.placeholder);
  return (
    <div className="project-cover" style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}>
      <img src={cover.thumbnailUrl} srcSet={srcsetOf(cover.renditions) || undefined}
        sizes={masonrySizes(PROJECT_COLUMNS, coverShare(cover, COVER_ASPECT))} alt="" width={cover.width} height={cover.height}
        loading={eager ? 'eager' : 'lazy'} decoding="async" draggable={false} />
    </div>
  );
}

/** A project in the Projects view: its cover, name, count and last change; rename and delete beside. */
export function ProjectCard({ project, now, eager }: { project: ProjectSummary; now: number; eager: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateProject(project.id);
  const remove = useDeleteProject();
  const confirm = useTwoStepConfirm(() => remove.mutate({ id: project.id, name: project.name }));
  const renames = useSpaceCan('editProjects');
  const deletes = useSpaceCan('deleteProjects');
  return (
    <article className="project-card" aria-label={project.name}>
      <Link href={projectPath(project.id)} className="project-card-link">
        <Cover project={project} eager={eager} />
        <h2 className="project-card-name">{project.name}</h2>
      </Link>
      <div className="project-card-footer">
        <p className="project-card-meta">
          <span>{projectUiMessages.generations(project.generationCount)}</span>
          <time dateTime={project.updatedAt} title={exactTime(project.updatedAt)}>{projectUiMessages.changed(relativeTime(project.updatedAt, now))}</time>
        </p>
        <div className="project-card-actions">
        {renames && (
          <button type="button" className="project-icon-button" aria-label={projectUiMessages.renameProject(project.name)}
            title={projectUiMessages.rename} onClick={() => setRenaming(true)}>
            <Icon size={18} path={editIcon} />
          </button>
        )}
        {deletes && (
          <button type="button" className={`project-icon-button project-icon-button--danger${confirm.armed ? ' is-armed' : ''}`}
            aria-label={confirm.armed ? projectUiMessages.confirmDelete : projectUiMessages.delete}
            title={confirm.armed ? projectUiMessages.confirmDelete : projectUiMessages.delete} onClick={confirm.click}>
            <Icon size={18} path={trashIcon} />
            {confirm.armed && <span>{projectUiMessages.confirmDelete}</span>}
          </button>
        )}
        </div>
      </div>
      <NameDialog open={renaming} title={projectUiMessages.rename} submitLabel={projectUiMessages.save} initialName={project.name}
        busy={update.isPending} onClose={() => setRenaming(false)}
        onSubmit={(name) => update.mutate({ name }, { onSuccess: () => setRenaming(false) })} />
    </article>
  );
}
