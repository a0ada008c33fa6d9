import { Link } from 'wouter';
import { briefPromptAddition } from '#shared/brief';
import { projectPath } from '../app/routing';
import { Icon } from '../ui/icons';
import { projectIcon } from '../ui/tool-icons';
import { studioLabels } from './labels';
import { useOpenProject } from './project';
import { useStudio } from './store';
import './project-context.css';

/**
 * Pinned above the prompt while a project is open (docs/decisions/0070-studio-in-a-project.md,
 * amended by 0087): the project's name, always in sight, leading back to its page; and its brief
 * in one line that expands to all its words, with "Don't apply the brief to this generation".
 */
export function ProjectContext() {
  const projectId = useStudio((state) => state.projectId);
  const withoutBrief = useStudio((state) => state.withoutBrief);
  const setWithoutBrief = useStudio((state) => state.setWithoutBrief);
  const project = useOpenProject();
  if (!projectId) return null;
  const name = project?.name ?? studioLabels.projectLoading;
  const brief = project ? briefPromptAddition(project.brief) : '';
  return (
    <div className="studio-context" role="group" aria-label={studioLabels.workingIn}>
      <Link className="studio-context-chip" href={projectPath(projectId)} aria-label={studioLabels.backToProject(name)} title={studioLabels.backToProject(name)}>
        <Icon path={projectIcon} size={16} />
        <span className="studio-context-name">{name}</span>
      </Link>
      {brief && (
        <details className={`studio-context-brief${withoutBrief ? ' is-off' : ''}`}>
          <summary title={studioLabels.briefPinned}>
            <span className="studio-brief-label">{studioLabels.brief}:</span>{' '}
            <span className="studio-context-words">{withoutBrief ? studioLabels.briefOff : brief}</span>
          </summary>
          <div className="studio-context-full">
            <p>{brief}</p>
            <label className="studio-context-off">
              <input type="checkbox" checked={withoutBrief} onChange={(event) => setWithoutBrief(event.target.checked)} />
              {studioLabels.withoutBrief}
            </label>
          </div>
        </details>
      )}
    </div>
  );
}
