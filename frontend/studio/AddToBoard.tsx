import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { studioUiMessages } from '#shared/messages/studio';
import { paths } from '../app/routing';
import { boardAddHref } from '../board/add-from-address';
import { useMoveGeneration } from '../queries/projects';
import { Icon } from '../ui/icons';
import { plusIcon, projectIcon } from '../ui/tool-icons';
import { Modal } from '../ui/Modal';
import { useProjectList } from './project';
import './viewer-actions.css';

interface AddToBoardProps {
  generationId: string;
  imageIndex: number;
  /** The project the image is in; outside any, the user picks one and the image moves there. */
  projectId: string | null;
}

/**
 * "Add to board": a board belongs to a project (docs/decisions/0074-presentation-board.md), so an
 * image in a project opens that project's board with the image placed; an image outside any asks
 * which project to put it in first.
 */
export function AddToBoard({ generationId, imageIndex, projectId }: AddToBoardProps) {
  const projects = useProjectList();
  const [, navigate] = useLocation();
  const [choosing, setChoosing] = useState(false);
  const move = useMoveGeneration();
  if (projectId) {
    const name = projects.find((project) => project.id === projectId)?.name;
    return (
      <Link href={boardAddHref(projectId, generationId, imageIndex)} className="button viewer-copy"
        title={name ? studioUiMessages.addToBoardOf(name) : undefined}>
        <Icon size={18} path={plusIcon} />
        {studioUiMessages.addToBoard}
      </Link>
    );
  }
  const choose = (project: { id: string; name: string }) =>
    move.mutate({ id: generationId, projectId: project.id, projectName: project.name }, {
      onSuccess: () => navigate(boardAddHref(project.id, generationId, imageIndex)),
    });
  return (
    <>
      <button type="button" className="button viewer-copy" aria-haspopup="dialog" onClick={() => setChoosing(true)}>
        <Icon size={18} path={plusIcon} />
        {studioUiMessages.addToBoard}
      </button>
      <Modal open={choosing} onClose={() => setChoosing(false)} label={studioUiMessages.chooseBoard} className="studio-board-dialog">
        <h2>{studioUiMessages.chooseBoard}</h2>
        <p>{studioUiMessages.chooseBoardWhy}</p>
        {projects.length > 0 ? (
          <ul className="studio-board-list">
            {projects.map((project) => (
              <li key={project.id}>
                <button type="button" className="studio-board-option" disabled={move.isPending} onClick={() => choose(project)}>
                  <Icon size={18} path={projectIcon} />
                  <span>{project.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {studioUiMessages.noProjectsYet} <Link href={paths.projects}>{studioUiMessages.createProject}</Link>
          </p>
        )}
        <div className="studio-board-actions">
          <button type="button" className="button" onClick={() => setChoosing(false)}>
            {studioUiMessages.cancel}
          </button>
        </div>
      </Modal>
    </>
  );
}
