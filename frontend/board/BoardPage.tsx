import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { boardCopy } from './copy';
import { isPaidPlan } from '#shared/plans';
import { projectPath } from '../app/routing';
import { useAuth } from '../auth/store';
import { projectQuery } from '../queries/projects';
import { BoardBuilder } from './BoardBuilder';
import { boardImagesOf } from './board-model';

/** /projects/:id/board: the board builder over every image of the project. */
export function BoardPage({ projectId }: { projectId: string }) {
  const user = useAuth((state) => state.user);
  // The project page's own query: a board opened from there starts from its cache.
  const project = useQuery({ ...projectQuery(user?.id ?? '', projectId), enabled: user !== null });
  const plan = user?.plan;
  const images = useMemo(() => boardImagesOf(project.data?.generations ?? []), [project.data]);
  return (
    <section className="page board-page">
      <header className="board-page__header">
        <h1>{boardCopy.title}</h1>
        <Link className="link-button" href={projectPath(projectId)}>
          {project.data ? `${boardCopy.backToProject}: ${project.data.name}` : boardCopy.backToProject}
        </Link>
      </header>
      {project.isError && <p className="board-page__message" role="alert">{boardCopy.loadFailed}</p>}
      {project.data && images.length === 0 && <p className="board-page__message">{boardCopy.noImages}</p>}
      {project.data && images.length > 0 && (
        <BoardBuilder projectName={project.data.name} brief={project.data.brief} images={images} freePlanMark={plan ? !isPaidPlan(plan) : true}
          masters={plan ? isPaidPlan(plan) : false} upscale />
      )}
    </section>
  );
}
