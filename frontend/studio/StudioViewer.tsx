import { studioUiMessages } from '#shared/messages/studio';
import { MODELS, type ModelId } from '#shared/models';
import type { Plan } from '#shared/plans';
import { editTargetOf } from '../edit/target';
import { upscaleTarget } from '../upscale/target';
import { slideFidelity } from '../fidelity/slides';
import { useLike } from '../queries/hooks';
import { Icon } from '../ui/icons';
import { refineIcon } from '../ui/tool-icons';
import { LazyViewer, type ViewerSlide } from '../viewer/LazyViewer';
import { AddToBoard } from './AddToBoard';
import { downloadImage } from './download';
import type { BatchInput, StudioImage } from './history';
import { useImageFileName } from './project';
import { PROMPT_ID } from './PromptBox';
import { renderAgainOffer, useRenderAgain } from './render-again';
import { useStudio } from './store';
import { useSpacePlan } from '../workspaces/hooks';

/** A batch as the viewer pages through it: a finished generation, or a running job's landed views. */
export interface ViewerBatch {
  id: string;
  prompt: string;
  model: string;
  images: StudioImage[];
  /** Finished: its images can be liked, edited and put on a board. */
  finished: boolean;
  liked: boolean;
  projectId: string | null;
  /** The drawing it was rendered from: its views offer "Render again, more precise" (docs/decisions/0093-drawing-inputs-ui.md). */
  input?: BatchInput;
}

/** The image the viewer shows: its batch and which of its images. */
export interface OpenedImage {
  batchId: string;
  imageId: string;
}

function modelLabelOf(model: string): string {
  return MODELS[model.toLowerCase() as ModelId]?.label ?? model;
}

/** The batch's images as slides, each with the facts the viewer shows beside it and its geometry. */
export function batchSlides(batch: ViewerBatch, plan: Plan): ViewerSlide[] {
  return batch.images.map((image) => ({
    url: image.url,
    preview: image.renditions.at(-1)?.url,
    alt: batch.prompt,
    prompt: batch.prompt,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder ?? undefined,
    model: modelLabelOf(batch.model),
    // Its name in its project ("B3-2"), as the tree, the client and its file say it.
    version: image.name ?? undefined,
    liked: batch.liked,
    // Every studio image is the user's own: its lineage is one click away.
    lineageOf: batch.id,
    // A finished batch's images can be edited from the viewer (a running job's not yet).
    editTarget: batch.finished ? (editTargetOf(batch, image.index) ?? undefined) : undefined,
    upscaleTarget: batch.finished ? (upscaleTarget(batch.id, image.index, image) ?? undefined) : undefined,
    master: batch.finished ? { generationId: batch.id, imageIndex: image.index } : undefined,
    // Its geometry; a finished batch made from a drawing can be rendered again, more precise.
    fidelity: slideFidelity(batch.id, image, batch.finished ? renderAgainOffer(batch, plan) : undefined),
  }));
}

function RefineThis({ image, onClose }: { image: StudioImage; onClose: () => void }) {
  const selectOnly = useStudio((state) => state.selectOnly);
  return (
    <button
      type="button"
      className="button viewer-copy"
      onClick={() => {
        selectOnly(image);
        onClose();
        // After the viewer has given focus back to the tile that opened it: the next words are the refinement's.
        requestAnimationFrame(() => document.getElementById(PROMPT_ID)?.focus());
      }}
    >
      <Icon size={18} path={refineIcon} />
      {studioUiMessages.refineThis}
    </button>
  );
}

interface StudioViewerProps {
  batch: ViewerBatch;
  imageId: string;
  onMove: (imageId: string) => void;
  onClose: () => void;
}

/**
 * The studio's viewer: it steps through the opened image's batch (wrapping at its ends), not the
 * whole history, and offers the studio's actions on the image: like, download (named by project,
 * version and view inside a project: docs/decisions/0087-version-names.md), Refine this and Add to
 * board (docs/decisions/0091-studio-polish.md), and a drawing's geometry with "Render again, more
 * precise" (0093-drawing-inputs-ui.md).
 */
export function StudioViewer({ batch, imageId, onMove, onClose }: StudioViewerProps) {
  const like = useLike();
  const fileNameOf = useImageFileName();
  const plan = useSpacePlan() ?? 'free';
  const renderAgain = useRenderAgain();
  const index = Math.max(0, batch.images.findIndex((image) => image.id === imageId));
  return (
    <LazyViewer
      slides={batchSlides(batch, plan)}
      index={index}
      wrap
      onDownload={(position) => {
        const image = batch.images[position];
        if (image) void downloadImage(image.url, fileNameOf(image, batch.projectId));
      }}
      onLike={batch.finished ? () => like.toggle(batch) : undefined}
      onRenderAgain={async () => {
        // The new job shows at the foot of the history, where the viewer would hide it.
        if (batch.finished && (await renderAgain(batch))) onClose();
      }}
      actions={(position) => {
        const image = batch.images[position];
        if (!image) return null;
        return (
          <>
            <RefineThis image={image} onClose={onClose} />
            {batch.finished && <AddToBoard generationId={batch.id} imageIndex={image.index} projectId={batch.projectId} />}
          </>
        );
      }}
      onIndexChange={(position) => {
        const image = batch.images[position];
        if (image) onMove(image.id);
      }}
      onClose={onClose}
    />
  );
}
