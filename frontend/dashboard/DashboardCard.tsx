import { useState } from 'react';
import { COPY_CHECK_MS } from '../ui/timings';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { galleryMessages } from '#shared/messages/gallery';
import { galleryUiMessages } from '../gallery/copy';
import type { GenerationItem } from '../api/generations';
import type { DashboardTab } from '../queries/dashboard';
import { notify } from '../shell/notices';
import { CardImages } from '../gallery/CardImages';
import { DASHBOARD_COLUMNS } from '../gallery/layout';
import { LikeBadge } from '../gallery/LikeBadge';
import { useCopy } from '../gallery/hooks';
import { useCardActions } from '../gallery/CardMore';
import { downloadAll } from './download';
import { cardMeta } from './card-meta';
import { Icon } from '../ui/icons';
import { checkIcon, copyIcon, downloadIcon, globeIcon, heartIcon, lockIcon, trashIcon } from '../ui/card-icons';
import { PickOverlay } from '../compare/PickOverlay';
import { SelectOverlay } from '../downloads/SelectDownload';
import { MoveToProjectButton, ProjectBadge, useProjectName } from '../projects/MoveToProject';
import { useSpaceRole } from '../workspaces/hooks';
import { spaceAllows } from '../workspaces/rules';
import { imageFileName, imageName } from '#shared/version-names';

interface DashboardCardProps {
  card: GenerationItem;
  /** A like of this card is on its way. */
  likeBusy: boolean;
  tab: DashboardTab;
  eager: boolean;
  onOpen: (index: number) => void;
  onToggleLike: () => void;
  onSetVisibility: (visibility: 'public' | 'private') => void;
  onDelete: () => void;
}

export function DashboardCard({ card, tab, likeBusy, eager, onOpen, onToggleLike, onSetVisibility, onDelete }: DashboardCardProps) {
  const { copied, copy } = useCopy(COPY_CHECK_MS.dashboardCard);
  const actions = useCardActions();
  const confirm = useTwoStepConfirm(onDelete);
  const [downloading, setDownloading] = useState(false);
  // A workspace's cards are every member's work: the space's to manage, by role (shared/workspace-rules.ts).
  const role = useSpaceRole();
  const ours = tab === 'generations' && (card.isOwn || role !== null);
  const manageable = ours && spaceAllows(role, 'editProjects');
  const deletable = manageable && spaceAllows(role, card.isOwn ? 'deleteOwnGenerations' : 'deleteAnyGeneration');
  const nextVisibility = card.visibility === 'public' ? 'private' : 'public';
  const projectName = useProjectName(card.projectId ?? null);
  const download = async () => {
    setDownloading(true);
    try {
      const count = card.images.length;
      // In a project, each file carries its project and name (docs/decisions/0087-version-names.md).
      const files = card.images.map((image, index) => ({
        url: image.url,
        fileName: imageFileName(projectName, card.version && imageName(card.version, index, count), `generation-${card.id}-${index + 1}`),
      }));
      await downloadAll(files);
    } catch {
      notify(galleryMessages.downloadFailed, { tone: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <article className={`gallery-card dashboard-card${actions.open ? ' is-actions-open' : ''}`} aria-label={card.prompt}>
      <CardImages images={card.images} prompt={card.prompt} eager={eager} columns={DASHBOARD_COLUMNS} onOpen={onOpen} />
      {ours && <PickOverlay generationId={card.id} images={card.images} prompt={card.prompt} />}
      {ours && <SelectOverlay generationId={card.id} images={card.images} prompt={card.prompt} />}
      {tab === 'generations' && <LikeBadge count={card.likeCount} />}
      {actions.more}
      <div className="card-actions">
        <button type="button" className="card-action" title={galleryUiMessages.download} aria-label={galleryUiMessages.download}
          disabled={downloading} onClick={() => void download()}>
          <Icon size={18} path={downloadIcon} />
        </button>
        <button type="button" className="card-action" title={galleryUiMessages.copyPrompt}
          aria-label={copied ? galleryUiMessages.copied : galleryUiMessages.copyPrompt} onClick={() => void copy(card.prompt)}>
          <Icon size={18} path={copied ? checkIcon : copyIcon} />
        </button>
        <button type="button" className={`card-action card-action--like${card.liked ? ' is-liked' : ''}`}
          title={card.liked ? galleryUiMessages.unlike : galleryUiMessages.like}
          // The visible count ends the name, so speech and sight agree.
          aria-label={`${card.liked ? galleryUiMessages.unlike : galleryUiMessages.like} ${card.likeCount}`}
          aria-pressed={card.liked} aria-disabled={likeBusy}
          onClick={() => {
            if (!likeBusy) onToggleLike();
          }}>
          <Icon size={18} path={heartIcon} filled={card.liked} />
          <span>{card.likeCount}</span>
        </button>
        {manageable && (
          <>
            <button type="button" className="card-action"
              title={nextVisibility === 'public' ? galleryUiMessages.makePublic : galleryUiMessages.makePrivate}
              aria-label={nextVisibility === 'public' ? galleryUiMessages.makePublic : galleryUiMessages.makePrivate}
              onClick={() => onSetVisibility(nextVisibility)}>
              <Icon size={18} path={card.visibility === 'public' ? globeIcon : lockIcon} />
            </button>
            <MoveToProjectButton generationId={card.id} projectId={card.projectId ?? null} />
            {deletable && (
              <button type="button" className={`card-action card-action--danger${confirm.armed ? ' is-armed' : ''}`}
                title={confirm.armed ? galleryUiMessages.confirmDelete : galleryUiMessages.delete}
                aria-label={confirm.armed ? galleryUiMessages.confirmDelete : galleryUiMessages.delete}
                onClick={confirm.click}>
                <Icon size={18} path={trashIcon} />
                {confirm.armed && <span>{galleryUiMessages.confirmDelete}</span>}
              </button>
            )}
          </>
        )}
      </div>
      <CardFooter card={card} />
    </article>
  );
}

/** Date, model and a public/private badge, always visible under the images. */
function CardFooter({ card }: { card: GenerationItem }) {
  const meta = cardMeta(card);
  return (
    <footer className="card-meta">
      <time dateTime={meta.dateTime}>{meta.date}</time>
      <span className="card-meta-model">{meta.model}</span>
      {'projectId' in card && <ProjectBadge projectId={card.projectId ?? null} version={card.version} />}
      <span className={`card-visibility card-visibility--${card.visibility}`} title={meta.visibilityLabel} aria-label={meta.visibilityLabel} role="img">
        <Icon size={12} path={card.visibility === 'public' ? globeIcon : lockIcon} />
        <span aria-hidden="true">{meta.visibility}</span>
      </span>
    </footer>
  );
}
