import { Link } from 'wouter';
import { paths, projectPath } from '../app/routing';
import { studioLabels } from './labels';
import { useOpenProject, useProjectList, useSwitchProject } from './project';
import { useStudio } from './store';
import './project.css';

/**
 * The studio's project switcher (docs/decisions/0070-studio-in-a-project.md): no project or one
 * of the user's; new generations go into the open one. Beside it, the project page and a way to
 * start a new project.
 */
export function ProjectSwitcher() {
  const projectId = useStudio((state) => state.projectId);
  const projects = useProjectList();
  const open = useOpenProject();
  const switchTo = useSwitchProject();
  // A project named by the address but not on the first page of the list still shows by name.
  const listed = projectId === null || projects.some((project) => project.id === projectId);
  return (
    <div className="studio-project-bar">
      <label className="studio-project-field">
        <span className="studio-project-label">{studioLabels.project}</span>
        <select className="studio-project-select" value={projectId ?? ''} onChange={(event) => switchTo(event.target.value || null)}>
          <option value="">{studioLabels.noProject}</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
          {!listed && <option value={projectId}>{open?.name ?? studioLabels.projectLoading}</option>}
        </select>
      </label>
      <span className="studio-project-links">
        {projectId && (
          <Link className="studio-project-link" href={projectPath(projectId)}>
            {studioLabels.openProject}
          </Link>
        )}
        <Link className="studio-project-link" href={paths.projects}>
          {studioLabels.newProject}
        </Link>
      </span>
    </div>
  );
}
