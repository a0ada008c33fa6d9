import type { CardImage } from '#shared/gallery-types';
import { cardAspect } from '../gallery/CardImages';
import { Icon } from '../ui/icons';
import { selectIcon } from '../ui/card-icons';
import { compareMessages } from './copy';
import { isPicked, useComparePicks } from './picks';
import './entry.css';

interface PickOverlayProps {
  generationId: string;
  images: CardImage[];
  prompt: string;
}

/**
 * While the dashboard picks images to compare, a layer over a card's images in the same grid:
 * a press picks or unpicks an image instead of opening the viewer. Nothing otherwise.
 */
export function PickOverlay({ generationId, images, prompt }: PickOverlayProps) {
  const picks = useComparePicks((state) => state.picks);
  const toggle = useComparePicks((state) => state.toggle);
  if (!picks) return null;
  const shown = images.slice(0, 4);
  return (
    <div className={`card-images card-images--${shown.length} compare-picks`} style={{ aspectRatio: String(cardAspect(shown)) }}>
      {shown.map((image, imageIndex) => {
        const item = { generationId, imageIndex };
        const picked = isPicked(picks, item);
        return (
          <button key={image.thumbnailUrl} type="button" className={`compare-pick${picked ? ' is-picked' : ''}`} aria-pressed={picked}
            aria-label={compareMessages.pickImage(prompt, imageIndex, shown.length)} onClick={() => toggle(item)}>
            <span className="compare-pick-mark" aria-hidden="true">
              {picked ? picks.findIndex((pick) => pick.generationId === generationId && pick.imageIndex === imageIndex) + 1 : <Icon path={selectIcon} size={18} />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
