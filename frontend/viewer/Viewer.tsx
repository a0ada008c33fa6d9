import './viewer.css';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { VersionedItem } from '#shared/generations-types';
import { LineageStrip } from './Lineage';
import { lineageCopy } from './lineage-copy';
import { COPY_CHECK_MS } from '../ui/timings';
import { galleryMessages } from '#shared/messages/gallery';
import { galleryUiMessages } from '../gallery/copy';
import { Modal } from '../ui/Modal';
import { useCopy } from '../gallery/hooks';
import { Icon, closeIcon } from '../ui/icons';
import { checkIcon, copyIcon, downloadIcon, leftIcon, lineageIcon, regionEditIcon, rightIcon } from '../ui/card-icons';
import { editCopy } from '../edit/copy';
import { openRegionEditor } from '../edit/request';
import type { EditTarget } from '../edit/target';
import type { UpscaleTarget } from '../upscale/target';
import { isPaidPlan } from '#shared/plans';
import type { MasterAddress } from '../downloads/master';
import { ViewerDetails, LikeButton } from './ViewerDetails';
import { ZoomStage } from './ZoomStage';
import { useViewerFidelity, type SlideFidelity } from '../fidelity/ViewerFidelity';
import type { FidelityAlternate } from '#shared/drawing-inputs';
import { useSpacePlan } from '../workspaces/hooks';

// The owner's print actions and the code behind them (the jobs cache, the streaming download) load
// only for a slide that offers them: a gallery visitor's viewer never fetches them.
const UpscaleButton = lazy(() => import('../upscale/UpscaleButton').then((module) => ({ default: module.UpscaleButton })));
const MasterButton = lazy(() => import('../downloads/MasterButton').then((module) => ({ default: module.MasterButton })));

/** One image of the viewer's sequence: a result (full image) or, on the dashboard, a reference. */
export interface ViewerSlide {
  /** The original: downloads, and the viewer once zoomed in. */
  url: string;
  /** The largest rendition (the original's size as WebP): what the viewer loads first. */
  preview?: string;
  alt: string;
  width?: number;
  height?: number;
  placeholder?: string;
  /** Shown over the image, e.g. 'Reference Image'. */
  label?: string;
  /** The prompt of this image when the slides come from several batches (the studio). */
  prompt?: string;
  /** The generation whose lineage the viewer offers: set only for the owner's own generations. */
  lineageOf?: string;
  /** Offers "Edit region" on this image: set only for the owner's own, on pages that host the editor. */
  editTarget?: EditTarget;
  /** Offers "Upscale ×2" on this image: set only for the owner's own. */
  upscaleTarget?: UpscaleTarget;
  /** Offers the lossless PNG beside the JPEG: set only for the owner's own (shown on paid plans). */
  master?: MasterAddress;
  /** The model that made it, shown with its size under Details. */
  model?: string;
  /** Its version name, when it has one. */
  version?: string;
  /** Whether the viewer's user likes it: a Like toggle shows when the page passes `onLike`. */
  liked?: boolean;
  /** A view's geometry (docs/decisions/0093-drawing-inputs-ui.md): its score, map and "Render again, more precise". */
  fidelity?: SlideFidelity;
}

/** The image to load for a slide: the largest rendition, the original only when zoomed in. */
function viewerSource(slide: Pick<ViewerSlide, 'url' | 'preview'>, zoomed: boolean): string {
  return zoomed ? slide.url : (slide.preview ?? slide.url);
}

/** A version from the lineage strip as a slide: its first image. */
function versionSlide(item: VersionedItem): ViewerSlide {
  const image = item.images[0];
  return {
    url: image?.url ?? '',
    preview: image?.renditions.at(-1)?.url,
    alt: item.prompt,
    width: image?.width,
    height: image?.height,
    placeholder: image?.placeholder,
    prompt: item.prompt,
  };
}

/** The free re-render's other render in the slide's place: the original itself, at its own size. */
function alternateImage(slide: ViewerSlide, alternate: FidelityAlternate): ViewerSlide {
  return { ...slide, url: alternate.url, preview: undefined, width: alternate.width, height: alternate.height };
}

/**
 * Index after a step of ±1, wrapping at both ends (the studio's viewer wraps:
 * docs/decisions/0032-studio-screen.md).
 */
export function wrapIndex(index: number, step: number, length: number): number {
  return length === 0 ? 0 : (index + step + length) % length;
}

interface ViewerProps {
  slides: ViewerSlide[];
  index: number;
  /** The prompt shown beside every slide that carries none of its own. */
  prompt?: string;
  /** Previous and next wrap around at the ends (the studio); otherwise they stop (gallery, dashboard). */
  wrap?: boolean;
  /** Offers a download of the current slide in the side panel. */
  onDownload?: (index: number) => void;
  /** The first reference image, shown in the side panel (dashboard). */
  referenceUrl?: string;
  /** Toggles the like of the current slide (its `liked` says which way). */
  onLike?: (index: number) => void;
  /** The page's own actions on the current slide, after the viewer's (the studio's Refine this, Add to board). */
  actions?: (index: number) => ReactNode;
  /** "Render again, more precise" of the slide at this index (offered where its fidelity says so). */
  onRenderAgain?: (index: number) => Promise<void> | void;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The fullscreen viewer of the studio, the gallery, the dashboard and the project page: the image
 * at any zoom (wheel, pinch, double click for 100 %: ./ZoomStage.tsx), the prompt and the image's
 * facts in a side panel on wide screens, arrows, buttons and a swipe over the fitted image to
 * move, Escape or the backdrop to close. Modal gives focus trapping and restore, and the page
 * scroll lock.
 */
export function Viewer({ slides, index, prompt = '', wrap = false, onDownload, referenceUrl, onLike, actions, onRenderAgain, onIndexChange, onClose }: ViewerProps) {
  const { copied, copy } = useCopy(COPY_CHECK_MS.viewer);
  // The current space's plan: a workspace's pool decides its masters.
  const plan = useSpacePlan();
  const paid = plan ? isPaidPlan(plan) : false;
  const opened = slides[index];
  // A version picked in the lineage strip shows in place of the opened image until the user moves on.
  const [lineageOpen, setLineageOpen] = useState(false);
  const [version, setVersion] = useState<{ index: number; item: VersionedItem } | null>(null);
  const shown = version?.index === index ? version.item : null;
  const slide = shown ? versionSlide(shown) : opened;
  const slidePrompt = slide?.prompt ?? prompt;
  const fidelity = useViewerFidelity(shown ? undefined : opened?.fidelity, index, onRenderAgain);
  const move = (step: number) => {
    const next = wrap ? wrapIndex(index, step, slides.length) : index + step;
    if (next !== index && next >= 0 && next < slides.length) onIndexChange(next);
  };

  const moveBy = useEffectEvent(move);
  useEffect(() => {
    // On the document, not the dialog's content: focus may sit on a button that just became
    // disabled (the last image), and the keys must still work.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') moveBy(-1);
      else if (event.key === 'ArrowRight') moveBy(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    // Preload the neighbours so moving is instant.
    const neighbours = wrap
      ? [slides[wrapIndex(index, -1, slides.length)], slides[wrapIndex(index, 1, slides.length)]]
      : [slides[index - 1], slides[index + 1]];
    for (const neighbour of neighbours) {
      if (neighbour) new Image().src = viewerSource(neighbour, false);
    }
  }, [slides, index, wrap]);

  if (!slide) return null;

  return (
    <Modal open onClose={onClose} label={galleryUiMessages.viewerLabel} className="viewer">
      <div className="viewer-layout">
        {/* The other render of a re-rendered view shows in the view's place; the map lies over the image, zooming and panning with it. */}
        <ZoomStage key={fidelity.alternate?.url ?? slide.url} image={fidelity.alternate ? alternateImage(slide, fidelity.alternate) : slide} overlay={fidelity.overlay}
          onSwipe={move} onBackdrop={onClose}>
          {slide.label && <p className="viewer-label">{slide.label}</p>}
          {slides.length > 1 && (
            <>
              <button type="button" className="viewer-nav viewer-nav--prev" aria-label={galleryUiMessages.previous}
                disabled={!wrap && index === 0} onClick={() => move(-1)}>
                <Icon path={leftIcon} size={24} />
              </button>
              <button type="button" className="viewer-nav viewer-nav--next" aria-label={galleryUiMessages.next}
                disabled={!wrap && index === slides.length - 1} onClick={() => move(1)}>
                <Icon path={rightIcon} size={24} />
              </button>
              <p className="viewer-position" aria-live="polite">{galleryUiMessages.position(index, slides.length)}</p>
            </>
          )}
        </ZoomStage>
        <aside className="viewer-panel" aria-label={galleryUiMessages.prompt}>
          <h2 className="viewer-panel__title">{galleryUiMessages.prompt}</h2>
          <p className="viewer-prompt">{slidePrompt}</p>
          <ViewerDetails slide={slide} />
          <div className="viewer-actions">
            <button type="button" className="button viewer-copy" onClick={() => void copy(slidePrompt)}>
              <Icon size={18} path={copied ? checkIcon : copyIcon} />
              {copied ? galleryUiMessages.copied : galleryUiMessages.copyPrompt}
            </button>
            {onDownload && !shown && (
              <button type="button" className="button viewer-copy" onClick={() => onDownload(index)}>
                <Icon size={18} path={downloadIcon} />
                {opened?.master && paid ? galleryUiMessages.downloadJpeg : galleryUiMessages.downloadImage}
              </button>
            )}
            {opened?.master && paid && !shown && (
              <Suspense fallback={null}>
                <MasterButton address={opened.master} className="button viewer-copy" />
              </Suspense>
            )}
            {onLike && !shown && <LikeButton liked={opened?.liked ?? false} onToggle={() => onLike(index)} />}
            {actions && !shown && actions(index)}
            {opened?.editTarget && !shown && (
              <button type="button" className="button viewer-copy" onClick={() => openRegionEditor(opened.editTarget ?? null)}>
                <Icon size={18} path={regionEditIcon} />
                {editCopy.editRegion}
              </button>
            )}
            {opened?.upscaleTarget && !shown && (
              <Suspense fallback={null}>
                <UpscaleButton target={opened.upscaleTarget} look="text" className="button viewer-copy" />
              </Suspense>
            )}
            {opened?.lineageOf && (
              <button type="button" className="button viewer-copy" aria-expanded={lineageOpen} onClick={() => setLineageOpen(!lineageOpen)}>
                <Icon size={18} path={lineageIcon} />
                {lineageCopy.button}
              </button>
            )}
          </div>
          {fidelity.panel}
          {lineageOpen && opened?.lineageOf && (
            <LineageStrip
              generationId={opened.lineageOf}
              currentThumb={opened.preview ?? opened.url}
              currentPrompt={opened.prompt ?? prompt}
              shownId={shown?.id ?? null}
              onOpen={(item) => setVersion(item && item.id !== opened.lineageOf ? { index, item } : null)}
            />
          )}
          {referenceUrl && (
            <figure className="viewer-reference">
              <img src={referenceUrl} alt={galleryMessages.referenceImage} loading="lazy" />
              <figcaption>{galleryMessages.referenceImage}</figcaption>
            </figure>
          )}
        </aside>
        <button type="button" className="viewer-close" aria-label={galleryUiMessages.close} onClick={onClose}>
          <Icon path={closeIcon} size={24} />
        </button>
      </div>
    </Modal>
  );
}
