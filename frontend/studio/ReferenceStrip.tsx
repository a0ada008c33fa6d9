import { useState } from 'react';
import { studioMessages } from '#shared/messages';
import { useStudio } from './store';
import { studioLabels } from './labels';
import { Icon } from '../ui/icons';

function Thumb({ url, label, onRemove }: { url: string; label: string; onRemove: () => void }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className={`studio-thumb${failed ? ' is-failed' : ''}`}>
      {failed ? (
        <span className="studio-thumb-failed">
          <span>{studioMessages.failedToLoad}</span>
          <button type="button" className="studio-thumb-test" onClick={() => window.open(url, '_blank', 'noopener')}>
            {studioLabels.testUrl}
          </button>
        </span>
      ) : (
        <img src={url} alt={label} onError={() => setFailed(true)} />
      )}
      <button type="button" className="studio-thumb-remove" aria-label={`${studioLabels.removeImage}: ${label}`} onClick={onRemove}>
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}

/** Selected results and uploaded references, above the prompt. */
export function ReferenceStrip() {
  const selected = useStudio((state) => state.selected);
  const references = useStudio((state) => state.references);
  const toggleSelected = useStudio((state) => state.toggleSelected);
  const removeReference = useStudio((state) => state.removeReference);
  if (selected.length === 0 && references.length === 0) return null;
  return (
    <ul className="studio-thumbs" aria-label="Input images">
      {selected.map((image) => (
        <Thumb key={image.id} url={image.thumbnailUrl} label={studioLabels.selectedImage} onRemove={() => toggleSelected(image)} />
      ))}
      {references.map((ref) => (
        <Thumb key={ref.id} url={ref.previewUrl} label={`${studioLabels.referenceImage} ${ref.name}`} onRemove={() => removeReference(ref.id)} />
      ))}
    </ul>
  );
}
