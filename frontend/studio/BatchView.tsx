import { useRef, useState } from 'react';
import { COPY_CHECK_MS } from '../ui/timings';
import { MODELS, type ModelId } from '#shared/models';
import { galleryMessages } from '#shared/messages/gallery';
import { generationRequestMessages } from '#shared/messages/generation-request';
import { versionName } from '#shared/version-names';
import type { StudioBatch, StudioImage } from './history';
import { useDeleteGeneration } from '../queries/generations';
import { useLike } from '../queries/hooks';
import { useAuth } from '../auth/store';
import { notify } from '../shell/notices';
import { useStudio } from './store';
import { useCopy } from '../gallery/hooks';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { ImageTile } from './ImageTile';
import { gridColumns, nextTileIndex } from './grid';
import { studioLabels } from './labels';
import { Icon } from '../ui/icons';
import { checkIcon, copyIcon, heartIcon, trashIcon } from '../ui/card-icons';
import { BriefLine } from './BriefLine';
import { openRegionEditor } from '../edit/request';
import { editTargetOf } from '../edit/target';
import { upscaleTarget } from '../upscale/target';
import { useImageFileName } from './project';
import { downloadImage } from './download';
import './project-context.css';


/** The three dots of a generation on its way (studio.css .studio-typing). */
export function TypingDots() {
  return (
    <span className="studio-typing" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}

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

interface TileGridProps {
  batch: StudioBatch;
  images: StudioImage[];
  /** The number of places: a running job keeps a place for every view. */
  slots?: number;
  /** A finished batch offers "Edit region" on each image. */
  editable?: boolean;
  onOpen: (image: StudioImage) => void;
}

/**
 * A batch's images as one tab stop: the arrow keys (and Home/End) move between them, Tab
 * leaves the batch (a roving tab index).
 */
export function TileGrid({ batch, images, slots = images.length, editable = false, onOpen }: TileGridProps) {
  const selected = useStudio((state) => state.selected);
  const toggleSelected = useStudio((state) => state.toggleSelected);
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const fileNameOf = useImageFileName();
  const columns = gridColumns(slots);
  const current = Math.min(active, Math.max(0, images.length - 1));
  const onKeyDown = (event: React.KeyboardEvent) => {
    const next = nextTileIndex(current, event.key, images.length, columns);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    grid.current?.querySelectorAll<HTMLElement>('.studio-tile-open')[next]?.focus();
  };
  return (
    <div
      ref={grid}
      role="group"
      aria-label={studioLabels.batchImages(images.length)}
      className={`studio-grid${slots === 1 ? ' studio-grid--single' : ''}`}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      onKeyDown={onKeyDown}
    >
      {images.map((image, position) => (
        <ImageTile
          key={image.id}
          image={image}
          prompt={batch.prompt}
          total={slots}
          tabbable={position === current}
          selected={selected.some((item) => item.id === image.id)}
          onFocus={() => setActive(position)}
          onOpen={() => onOpen(image)}
          onToggleSelect={() => toggleSelected(image)}
          onEditRegion={editable ? () => openRegionEditor(editTargetOf(batch, image.index)) : undefined}
          upscaleTarget={editable ? (upscaleTarget(batch.id, image.index, image) ?? undefined) : undefined}
          onDownload={() => void downloadImage(image.url, fileNameOf(image, batch.projectId))}
        />
      ))}
    </div>
  );
}

interface BatchViewProps {
  batch: StudioBatch;
  onOpen: (image: StudioImage) => void;
}

export function BatchView({ batch, onOpen }: BatchViewProps) {
  const forgetBatch = useStudio((state) => state.forgetBatch);
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const like = useLike();
  const remove = useDeleteGeneration();
  const toggleLike = () => {
    if (!signedIn) notify(galleryMessages.pleaseSignInToLike, { tone: 'error' });
    else like.toggle(batch);
  };
  const confirm = useTwoStepConfirm(() => {
    forgetBatch(batch.id);
    remove(batch.id);
  });
  const { copied, copy } = useCopy(COPY_CHECK_MS.studio);
  const modelLabel = MODELS[batch.model.toLowerCase() as ModelId]?.label ?? batch.model;
  const deleteLabel = confirm.armed ? studioLabels.confirmDelete : studioLabels.deleteBatch;
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
            <Icon path={copied ? checkIcon : copyIcon} size={18} />
          </button>
          <button
            type="button"
            className={`studio-icon-button studio-like${batch.liked ? ' is-on' : ''}`}
            aria-pressed={batch.liked}
            aria-busy={like.busy.has(batch.id)}
            aria-label={studioLabels.like}
            title={studioLabels.likeBatch(batch.liked)}
            onClick={toggleLike}
          >
            <Icon path={heartIcon} size={18} filled={batch.liked} />
            {batch.likeCount > 0 && <span className="studio-like-count">{batch.likeCount}</span>}
          </button>
          <button
            type="button"
            className={`studio-icon-button studio-delete${confirm.armed ? ' is-armed' : ''}`}
            aria-label={deleteLabel}
            title={deleteLabel}
            onClick={confirm.click}
          >
            <Icon path={trashIcon} size={18} />
            {confirm.armed && <span>{studioLabels.confirmDelete}</span>}
          </button>
        </div>
        <PromptBubble prompt={batch.prompt} referenceUrls={batch.referenceUrls} />
      </div>
      <p className="studio-batch-meta">
        {batch.version && <span className="studio-version-name">{versionName(batch.version)}</span>}
        {modelLabel}
        {batch.preview ? <span className="studio-preview-tag">{generationRequestMessages.previewLabel}</span> : null}
      </p>
      <BriefLine addition={batch.briefAddition} />
      {batch.notice && (
        <p className="studio-job-message" role="status">
          {batch.notice}
        </p>
      )}
      <TileGrid batch={batch} images={batch.images} editable onOpen={onOpen} />
    </article>
  );
}
