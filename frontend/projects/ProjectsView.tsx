import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { projectPath } from '../app/routing';
import { DotsLoader } from '../gallery/DotsLoader';
import { useSentinel } from '../gallery/hooks';
import { Icon } from '../ui/icons';
import { plusIcon, projectIcon } from '../ui/tool-icons';
import { projectCards, projectListQuery, useCreateProject } from '../queries/projects';
import { projectUiMessages } from './copy';
import { NameDialog } from './NameDialog';
import { useSpaceCan } from '../workspaces/hooks';
import { ProjectCard } from './ProjectCard';
import { useMinuteClock } from './useMinuteClock';
import { PROJECT_EAGER_CARDS } from './rules';
import './projects.css';

/** The dashboard's Projects view (docs/decisions/0065-projects-screens.md): cards, New project, an empty state that explains. */
export function ProjectsView({ ownerId }: { ownerId: string }) {
  const list = useInfiniteQuery(projectListQuery(ownerId));
  const projects = useMemo(() => projectCards(list.data), [list.data]);
  const [creating, setCreating] = useState(false);
  const create = useCreateProject();
  const [, navigate] = useLocation();
  const now = useMinuteClock();
  const settled = !list.isFetching && !list.isPending;
  const sentinel = useSentinel(() => void list.fetchNextPage(), list.isSuccess && settled && list.hasNextPage);
  const empty = settled && projects.length === 0;
  // A workspace's viewer sees its projects and makes none.
  const newButton = useSpaceCan('editProjects') ? (
    <button type="button" className="button button--primary projects-new" onClick={() => setCreating(true)}>
      <Icon size={18} path={plusIcon} />
      {projectUiMessages.newProject}
    </button>
  ) : null;
  return (
    <div id="dashboard-panel" role="tabpanel" aria-labelledby="dashboard-tab-projects" className="projects-view">
      {empty ? (
        <div className="projects-empty">
          <Icon size={32} path={projectIcon} />
          <p>{projectUiMessages.empty}</p>
          {newButton}
        </div>
      ) : (
        <div className="projects-toolbar">
          <p className="projects-count">{projects.length > 0 ? projectUiMessages.projectCount(projects.length, list.hasNextPage) : ''}</p>
          {newButton}
        </div>
      )}
      {projects.length > 0 && (
        <ul className="projects-grid" aria-label={projectUiMessages.projectsLabel}>
          {projects.map((project, index) => (
            <li key={project.id}>
              <ProjectCard project={project} now={now} eager={index < PROJECT_EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
      {(list.isPending || list.isFetchingNextPage) && <DotsLoader />}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      <NameDialog open={creating} title={projectUiMessages.newProject} submitLabel={projectUiMessages.create} busy={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(name) => create.mutate(name, {
          onSuccess: (project) => {
            setCreating(false);
            navigate(projectPath(project.id));
          },
        })} />
    </div>
  );
}
