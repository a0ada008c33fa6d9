import { COPY_CHECK_MS } from '../ui/timings';
import { MODELS, type ModelId } from '#shared/models';
import { galleryMessages, generationRequestMessages } from '#shared/messages';
import type { StudioBatch, StudioImage } from './history';
import { useDeleteGeneration, useLike } from '../queries/hooks';
import { useAuth } from '../auth/store';
import { notify } from '../shell/notices';
import { useStudio } from './store';
import { useCopy } from '../gallery/hooks';
import { ImageTile } from './ImageTile';
import { studioLabels } from './labels';
import { Icon } from '../ui/icons';
import { gridColumns } from '#shared/grid-rules';


export function PromptBubble({ prompt, referenceUrls, children }: { prompt: string; referenceUrls: string[]; children?: React.ReactNode }) {
  return (
    <div className="studio-bubble">
      {referenceUrls.length > 0 && (
        <ul className="studio-bubble-refs" aria-label={studioLabels.referenceImage}>
          {referenceUrls.map((url) => (
            <li key={url}>
              <img src={url} alt={studioLabels.referenceImage} />
            </li>
          ))}
        </ul>
      )}
      <p className="studio-bubble-text">{prompt}</p>
      {children}
    </div>
  );
}

interface BatchViewProps {
  batch: StudioBatch;
  onOpen: (image: StudioImage) => void;
}

export function BatchView({ batch, onOpen }: BatchViewProps) {
  const selected = useStudio((state) => state.selected);
  const toggleSelected = useStudio((state) => state.toggleSelected);
  const forgetBatch = useStudio((state) => state.forgetBatch);
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const like = useLike();
  const remove = useDeleteGeneration();
  const toggleLike = () => {
    if (!signedIn) notify(galleryMessages.pleaseSignInToLike, { tone: 'error' });
    else like.toggle(batch);
  };
  const deleteBatch = () => {
    forgetBatch(batch.id);
    remove(batch.id);
  };
  const { copied, copy } = useCopy(COPY_CHECK_MS.studio);
  const modelLabel = MODELS[batch.model.toLowerCase() as ModelId]?.label ?? batch.model;
  return (
    <article className="studio-batch" aria-label={batch.prompt} data-batch-id={batch.id}>
      <div className="studio-batch-head">
        <div className="studio-batch-actions">
          <button
            type="button"
            className="studio-icon-button"
            aria-label={copied ? studioLabels.copied : studioLabels.copyPrompt}
            title={studioLabels.copyPrompt}
            onClick={() => void copy(batch.prompt)}
          >
            <Icon name={copied ? 'check' : 'copy'} size={18} />
          </button>
          <button
            type="button"
            className="studio-icon-button"
            aria-label={studioLabels.deleteBatch}
            title={studioLabels.deleteBatch}
            onClick={deleteBatch}
          >
            <Icon name="trash" size={18} />
          </button>
        </div>
        <PromptBubble prompt={batch.prompt} referenceUrls={batch.referenceUrls} />
      </div>
      <p className="studio-batch-meta">
        {modelLabel}
        {batch.preview ? <span className="studio-preview-tag">{generationRequestMessages.previewLabel}</span> : null}
      </p>
      <div
        className={`studio-grid${batch.images.length === 1 ? ' studio-grid--single' : ''}`}
        style={{ gridTemplateColumns: `repeat(${gridColumns(batch.images.length)}, minmax(0, 1fr))` }}
      >
        {batch.images.map((image) => (
          <ImageTile
            key={image.id}
            image={image}
            batch={batch}
            likeBusy={like.busy.has(batch.id)}
            total={batch.images.length}
            selected={selected.some((item) => item.id === image.id)}
            onOpen={() => onOpen(image)}
            onToggleSelect={() => toggleSelected(image)}
            onToggleLike={toggleLike}
          />
        ))}
      </div>
    </article>
  );
}
