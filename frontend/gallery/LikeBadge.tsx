import { galleryUiMessages } from './copy';
import { Icon } from '../ui/icons';
import { heartIcon } from '../ui/card-icons';

/**
 * The like count in a card's top-left corner, shown only above zero
 * (docs/decisions/0033-gallery-and-dashboard-screens.md).
 */
export function LikeBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="like-badge">
      <Icon path={heartIcon} size={14} filled />
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{galleryUiMessages.likes(count)}</span>
    </span>
  );
}
