import { useState } from 'react';
import { studioMessages } from '#shared/messages/studio';
import { useStudio } from './store';
import { studioLabels } from './labels';
import { inputCopy } from './input-copy';
import { thumbBadge, type ThumbBadge } from './input-rules';
import type { ReferenceItem } from './references';
import { Icon, closeIcon } from '../ui/icons';
import { checkIcon } from '../ui/card-icons';
import { CompareLink } from '../compare/CompareLink';
import { canCompare } from '../compare/compare-url';
import { DrawingInputPicker } from './DrawingInputPicker';

interface ThumbProps {
  url: string;
  label: string;
  badge: ThumbBadge;
  onRemove: () => void;
}

function Thumb({ url, label, badge, onRemove }: ThumbProps) {
  const [failed, setFailed] = useState(false);
  return (
    <li className={`studio-thumb is-${badge.state}${failed ? ' is-failed' : ''}`} aria-label={inputCopy.thumbState(label, badge.text, badge.detail ?? undefined)}>
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
      {/* The state shows at once, on the image itself (docs/decisions/0048-reference-traps.md). */}
      <span className="studio-thumb-state" data-state={badge.state} aria-hidden="true">
        {badge.state === 'uploading' && <span className="studio-thumb-spinner" />}
        {badge.state === 'ready' && <Icon path={checkIcon} size={12} />}
        {badge.state !== 'ready' && <span>{badge.text}</span>}
      </span>
      <button type="button" className="studio-thumb-remove" aria-label={`${studioLabels.removeImage}: ${label}`} onClick={onRemove}>
        <Icon path={closeIcon} size={14} />
      </button>
    </li>
  );
}

function Reasons({ references, offset }: { references: ReferenceItem[]; offset: number }) {
  const notes = references
    .map((ref, index) => ({ ref, badge: thumbBadge(ref, offset + index) }))
    .filter(({ badge }) => badge.state === 'refused' || badge.state === 'unused');
  return (
    <div className="studio-thumb-reasons" role="status">
      {notes.map(({ ref, badge }) => (
        <p key={ref.id} className={`studio-thumb-reason is-${badge.state}`}>
          <strong>{ref.name}</strong> — {badge.text}
          {badge.detail ? `: ${badge.detail}` : ''}
        </p>
      ))}
    </div>
  );
}

/** Selected results and uploaded references, above the prompt, each with its state. */
export function ReferenceStrip() {
  const selected = useStudio((state) => state.selected);
  const references = useStudio((state) => state.references);
  const toggleSelected = useStudio((state) => state.toggleSelected);
  const removeReference = useStudio((state) => state.removeReference);
  if (selected.length === 0 && references.length === 0) return null;
  return (
    <>
      <div className="studio-inputs">
        <ul className="studio-thumbs" aria-label="Input images">
          {selected.map((image, index) => (
            <Thumb key={image.id} url={image.thumbnailUrl} label={studioLabels.selectedImage} badge={thumbBadge(null, index)} onRemove={() => toggleSelected(image)} />
          ))}
          {references.map((ref, index) => (
            <Thumb key={ref.id} url={ref.previewUrl} label={`${studioLabels.referenceImage} ${ref.name}`}
              badge={thumbBadge(ref, selected.length + index)} onRemove={() => removeReference(ref.id)} />
          ))}
          {canCompare(selected.length) && (
            <li className="studio-thumbs-compare">
              <CompareLink items={selected.map((image) => ({ generationId: image.batchId, imageIndex: image.index }))} />
            </li>
          )}
        </ul>
        <DrawingInputPicker />
      </div>
      <Reasons references={references} offset={selected.length} />
    </>
  );
}
