import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { boardCopy } from './copy';
import { isPaidPlan } from '#shared/plans';
import { projectPath } from '../app/routing';
import { useAuth } from '../auth/store';
import { projectQuery } from '../queries/projects';
import { BoardBuilder } from './BoardBuilder';
import { boardImagesOf } from './board-model';
import { addedKeyFrom } from './add-from-address';

/** /projects/:id/board: the board builder over every image of the project. */
export function BoardPage({ projectId }: { projectId: string }) {
  const user = useAuth((state) => state.user);
  // The project page's own query: a board opened from there starts from its cache.
  const project = useQuery({ ...projectQuery(user?.id ?? '', projectId), enabled: user !== null });
  const plan = user?.plan;
  const images = useMemo(() => boardImagesOf(project.data?.generations ?? []), [project.data]);
  // An image sent from the viewer ("Add to board") is placed when the board opens; the address
  // then forgets it, so a reload does not place it again.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const adding = addedKeyFrom(search);
  // An image just moved into the project arrives with the project's next read: wait for it.
  const awaitingAdded = adding !== null && project.isFetching && !images.some((image) => image.key === adding);
  const builderShown = images.length > 0 && !awaitingAdded;
  useEffect(() => {
    if (adding && builderShown) navigate(location, { replace: true });
  }, [adding, builderShown, location, navigate]);
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
      {project.data && builderShown && (
        <BoardBuilder projectName={project.data.name} brief={project.data.brief} images={images} freePlanMark={plan ? !isPaidPlan(plan) : true}
          adding={adding} />
      )}
    </section>
  );
}
