import { COPY_CHECK_MS } from '../ui/timings';
import { galleryMessages } from '#shared/messages/gallery';
import { galleryUiMessages } from './copy';
import { notify } from '../shell/notices';
import type { GalleryItem } from '../api/gallery';
import { CardImages } from './CardImages';
import { GALLERY_COLUMNS } from './layout';
import { LikeBadge } from './LikeBadge';
import { useCopy } from './hooks';
import { useCardActions } from './CardMore';
import { Icon } from '../ui/icons';
import { checkIcon, copyIcon, heartIcon } from '../ui/card-icons';

interface GalleryCardProps {
  card: GalleryItem;
  /** A like of this card is on its way. */
  likeBusy: boolean;
  eager: boolean;
  /** In the grid's first row at some width (its images are fetched first). */
  firstRow: boolean;
  signedIn: boolean;
  onOpen: (index: number) => void;
  onToggleLike: () => void;
}

/** A public gallery card: images, like badge, and hover actions copy prompt and like. */
export function GalleryCard({ card, likeBusy, eager, firstRow, signedIn, onOpen, onToggleLike }: GalleryCardProps) {
  const { copied, copy } = useCopy(COPY_CHECK_MS.galleryCard);
  const actions = useCardActions();
  const likeTitle = signedIn ? (card.liked ? galleryUiMessages.unlike : galleryUiMessages.like) : galleryMessages.signInToLike;
  return (
    <article className={`gallery-card${actions.open ? ' is-actions-open' : ''}`} aria-label={card.prompt}>
      <CardImages images={card.images} prompt={card.prompt} eager={eager} firstRow={firstRow} columns={GALLERY_COLUMNS} onOpen={onOpen} />
      <LikeBadge count={card.likeCount} />
      {actions.more}
      <div className="card-actions">
        <button
          type="button"
          className="card-action"
          title={galleryUiMessages.copyPrompt}
          aria-label={copied ? galleryUiMessages.copied : galleryUiMessages.copyPrompt}
          onClick={() => void copy(card.prompt)}
        >
          <Icon size={18} path={copied ? checkIcon : copyIcon} />
        </button>
        <button
          type="button"
          className={`card-action card-action--like${card.liked ? ' is-liked' : ''}`}
          title={likeTitle}
          aria-label={likeTitle}
          aria-pressed={signedIn ? card.liked : undefined}
          // Signed out the button stays focusable and explains itself instead of doing nothing.
          aria-disabled={!signedIn || likeBusy}
          onClick={() => {
            if (!signedIn) notify(galleryMessages.pleaseSignInToLike, { tone: 'info' });
            else if (!likeBusy) onToggleLike();
          }}
        >
          <Icon size={18} path={heartIcon} filled={card.liked} />
        </button>
      </div>
    </article>
  );
}
