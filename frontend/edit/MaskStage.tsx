import { useCallback, useId, useState, type CSSProperties, type RefObject } from 'react';
import { editCopy } from './copy';
import type { Tool } from './keys';
import type { Rect } from './mask';
import type { MaskDocument } from './mask-document';
import type { EditTarget } from './target';
import { usePaintGestures, type Preview } from './usePaintGestures';
import { fittedSize, transformCss, type Frame, type View } from './viewport';

interface MaskStageProps {
  target: EditTarget;
  stageRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  doc: MaskDocument;
  tool: Tool;
  size: number;
  hardness: number;
  showMask: boolean;
  frame: Frame;
  view: View;
  change: (update: (view: View) => View) => void;
  draw: (rect: Rect | null) => void;
  settle: (rect: Rect | null) => void;
  /** The canvas is in the page: draw the whole mask (a pin's circle may be there already). */
  onCanvas: () => void;
}

function PreviewShape({ preview }: { preview: Preview }) {
  if (!preview) return null;
  if (preview.kind === 'rectangle') {
    const x = Math.min(preview.from.x, preview.to.x);
    const y = Math.min(preview.from.y, preview.to.y);
    return <rect x={x} y={y} width={Math.abs(preview.to.x - preview.from.x)} height={Math.abs(preview.to.y - preview.from.y)} />;
  }
  return <polygon points={preview.points.map((point) => `${point.x},${point.y}`).join(' ')} />;
}

/**
 * The image with its mask over it, at the shared zoom and pan: the image, the mask's canvas and
 * the shape being drawn share one transform, so they stay registered at any zoom while the mask
 * keeps the source's pixels. `touch-action: none` here only: the rest of the dialog scrolls and
 * zooms as the browser does.
 */
export function MaskStage({ target, stageRef, canvasRef, doc, tool, size, hardness, showMask, frame, view, change, draw, settle, onCanvas }: MaskStageProps) {
  const helpId = useId();
  const [failed, setFailed] = useState(false);
  const { preview, cursor, handlers } = usePaintGestures({ stage: stageRef, doc, tool, size, hardness, frame, view, change, draw, settle });
  // Stable, so the whole mask is drawn once when the canvas arrives, not on every render.
  const attachCanvas = useCallback(
    (element: HTMLCanvasElement | null) => {
      canvasRef.current = element;
      if (element) onCanvas();
    },
    [canvasRef, onCanvas],
  );
  const fitted = fittedSize(frame);
  const geometry: CSSProperties = { width: `${fitted.width}px`, height: `${fitted.height}px`, transform: transformCss(frame, view) };
  const measured = frame.width > 0 && frame.height > 0;
  return (
    <div
      ref={stageRef}
      className={`mask-stage mask-stage--${tool}`}
      tabIndex={0}
      role="group"
      aria-label={editCopy.stageLabel(target.prompt)}
      aria-describedby={helpId}
      {...handlers}
    >
      {measured && (
        <>
          <img className="mask-layer mask-image" src={target.imageUrl} alt={target.prompt} width={target.width} height={target.height}
            style={geometry} draggable={false} decoding="async" onError={() => setFailed(true)} />
          <canvas
            ref={attachCanvas}
            className="mask-layer mask-overlay"
            width={target.width}
            height={target.height}
            style={{ ...geometry, visibility: showMask ? 'visible' : 'hidden' }}
            aria-hidden="true"
          />
          <svg className="mask-layer mask-preview" viewBox={`0 0 ${target.width} ${target.height}`} style={geometry} aria-hidden="true">
            <PreviewShape preview={preview} />
          </svg>
        </>
      )}
      <div ref={cursor} className="mask-cursor" aria-hidden="true" />
      {failed && <p className="mask-failed" role="alert">{editCopy.imageFailed}</p>}
      <p id={helpId} className="visually-hidden">{editCopy.stageHelp}</p>
    </div>
  );
}
