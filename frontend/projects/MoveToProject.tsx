import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { projectPath } from '../app/routing';
import { Icon, closeIcon } from '../ui/icons';
import { checkIcon } from '../ui/card-icons';
import { projectIcon } from '../ui/tool-icons';
import { Modal } from '../ui/Modal';
import { projectCards, projectListQuery, useMoveGeneration } from '../queries/projects';
import type { ProjectSummary } from '../api/projects';
import { versionName, type VersionRef } from '#shared/version-names';
import { projectUiMessages } from './copy';
import { useSpaceOwner } from '../workspaces/hooks';

/** The caller's loaded projects (shared with the Projects view's cache); the query runs only when asked. */
function useProjects(enabled = true): ProjectSummary[] {
  const ownerId = useSpaceOwner();
  const list = useInfiniteQuery({ ...projectListQuery(ownerId), enabled: enabled && ownerId !== '' });
  return useMemo(() => projectCards(list.data), [list.data]);
}

/** A project's name from the loaded list, or null (none, or not loaded). */
export function useProjectName(projectId: string | null): string | null {
  const projects = useProjects(projectId !== null);
  return projects.find((entry) => entry.id === projectId)?.name ?? null;
}

/** A dashboard card's project and its name there ("B3"), as a small badge linking to the project page. */
export function ProjectBadge({ projectId, version }: { projectId: string | null; version?: VersionRef | null }) {
  const name = useProjectName(projectId);
  if (!name || !projectId) return null;
  const label = version ? `${name} · ${versionName(version)}` : name;
  return (
    <Link href={projectPath(projectId)} className="card-project" aria-label={projectUiMessages.inProject(label)} title={projectUiMessages.inProject(label)}>
      <Icon size={12} path={projectIcon} />
      <span>{label}</span>
    </Link>
  );
}

interface MoveProps {
  generationId: string;
  projectId: string | null;
}

/** "Move to project…": a dialog listing the projects and "No project"; the current one is marked. */
export function MoveToProjectButton({ generationId, projectId }: MoveProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="card-action" title={projectUiMessages.moveToProject} aria-label={projectUiMessages.moveToProject}
        onClick={() => setOpen(true)}>
        <Icon size={18} path={projectIcon} />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} label={projectUiMessages.moveTitle} className="project-dialog">
        {open && <MoveList generationId={generationId} projectId={projectId} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function MoveList({ generationId, projectId, onDone }: MoveProps & { onDone: () => void }) {
  const projects = useProjects();
  const move = useMoveGeneration();
  const choose = (target: { id: string; name: string } | null) => {
    if ((target?.id ?? null) === projectId) return onDone();
    move.mutate({ id: generationId, projectId: target?.id ?? null, projectName: target?.name ?? null }, { onSuccess: onDone });
  };
  const options = [{ id: null, name: projectUiMessages.noProject }, ...projects.map((project) => ({ id: project.id, name: project.name }))];
  return (
    <div className="project-dialog-form">
      <h2>{projectUiMessages.moveTitle}</h2>
      <ul className="move-list">
        {options.map((option) => (
          <li key={option.id ?? 'none'}>
            <button type="button" className="move-option" aria-current={option.id === projectId ? 'true' : undefined} disabled={move.isPending}
              onClick={() => choose(option.id === null ? null : { id: option.id, name: option.name })}>
              <Icon size={18} path={option.id === null ? closeIcon : projectIcon} />
              <span>{option.name}</span>
              {option.id === projectId && <Icon size={18} path={checkIcon} />}
            </button>
          </li>
        ))}
      </ul>
      <div className="project-dialog-actions">
        <button type="button" className="button" onClick={onDone}>{projectUiMessages.cancel}</button>
      </div>
    </div>
  );
}
