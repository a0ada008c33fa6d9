import { srcsetOf } from '#shared/renditions';
import { boardCopy } from './copy';
import type { BoardEntry, BoardImage } from './board-model';

/** The thumbnails' CSS width (board.css `.board-picker`): their `sizes`. */
const THUMB_CSS_PX = 88;

interface PickerProps {
  images: BoardImage[];
  entries: BoardEntry[];
  onToggle: (image: BoardImage) => void;
}

/** Every image of the project as a toggle: pressed when it is on the board, with its place. */
export function ImagePicker({ images, entries, onToggle }: PickerProps) {
  const places = new Map(entries.map((entry, index) => [entry.image.key, index + 1]));
  return (
    <fieldset className="board-panel board-picker">
      <legend>{boardCopy.chooseImages}</legend>
      <p className="board-panel__hint" aria-live="polite">{boardCopy.chosen(entries.length)}</p>
      <ul>
        {images.map((image) => {
          const place = places.get(image.key);
          return (
            <li key={image.key}>
              <button type="button" aria-pressed={place !== undefined} onClick={() => onToggle(image)}
                title={image.prompt}>
                <img src={image.image.thumbnailUrl} srcSet={srcsetOf(image.image.renditions) || undefined} sizes={`${THUMB_CSS_PX}px`}
                  width={image.image.width} height={image.image.height} alt={image.name ? `${image.name}: ${image.prompt}` : image.prompt} loading="lazy" decoding="async" />
                {place !== undefined && <span className="board-picker__place" aria-hidden="true">{place}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
