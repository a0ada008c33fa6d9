import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { boardCopy } from './copy';
import { isPaidPlan } from '#shared/plans';
import { projectPath } from '../app/routing';
import { projectQuery } from '../queries/projects';
import { BoardBuilder } from './BoardBuilder';
import { boardFromData, boardImagesOf, defaultSettings } from './board-model';
import { savedBoardQuery, uploadLogo, useBoardSaving } from './saved';
import { addedKeyFrom } from './add-from-address';
import { useSpaceOwner, useSpacePlan } from '../workspaces/hooks';
import { isNotFound } from '../api/client';
import { useFoundElsewhere } from '../workspaces/useFoundElsewhere';

/** /projects/:id/board: the board builder over every image of the project, reopened as it was left. */
export function BoardPage({ projectId }: { projectId: string }) {
  const ownerId = useSpaceOwner();
  const plan = useSpacePlan();
  // The project page's own query: a board opened from there starts from its cache.
  const project = useQuery({ ...projectQuery(ownerId, projectId), enabled: ownerId !== '' });
  const saved = useQuery({ ...savedBoardQuery(ownerId, projectId), enabled: ownerId !== '' });
  const saving = useBoardSaving(ownerId, projectId);
  // A board opened from a link of another of the user's spaces: that space is found and entered first.
  const lookingElsewhere = useFoundElsewhere({ kind: 'project', id: projectId }, isNotFound(project.error));
  const images = useMemo(() => boardImagesOf(project.data?.generations ?? []), [project.data]);
  const state = saved.data;
  // The builder reads this when it mounts only: later answers (each save's) never reset what it shows.
  const initial = state?.board ? boardFromData(state.board, images) : { settings: defaultSettings(state?.practice), entries: [] };
  // An image sent from the viewer ("Add to board") is placed when the board opens; the address
  // then forgets it, so a reload does not place it again.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const adding = addedKeyFrom(search);
  // An image just moved into the project arrives with the project's next read: wait for it.
  const awaitingAdded = adding !== null && project.isFetching && !images.some((image) => image.key === adding);
  const ready = project.data !== undefined && state !== undefined && !awaitingAdded;
  useEffect(() => {
    if (adding && ready) navigate(location, { replace: true });
  }, [adding, ready, location, navigate]);
  return (
    <section className="page board-page">
      <header className="board-page__header">
        <h1>{boardCopy.title}</h1>
        <Link className="link-button" href={projectPath(projectId)}>
          {project.data ? `${boardCopy.backToProject}: ${project.data.name}` : boardCopy.backToProject}
        </Link>
      </header>
      {(project.isError || saved.isError) && !lookingElsewhere && <p className="board-page__message" role="alert">{boardCopy.loadFailed}</p>}
      {ready && images.length === 0 && <p className="board-page__message">{boardCopy.noImages}</p>}
      {ready && images.length > 0 && (
        <BoardBuilder projectName={project.data.name} brief={project.data.brief} images={images} freePlanMark={plan ? !isPaidPlan(plan) : true}
          saved={{ initial, logoUrls: state.logoUrls, onChange: saving.save, status: saving.status, uploadLogo }} adding={adding}
          masters={plan ? isPaidPlan(plan) : false} upscale />
      )}
    </section>
  );
}
