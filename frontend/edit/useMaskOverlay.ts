/**
 * The mask drawn over the image: a canvas of the mask's own size (the source's pixels), tinted
 * where the mask says "edit", redrawn only in the rectangle an operation changed, without
 * rendering React.
 */
import { useCallback, useRef } from 'react';
import type { Mask, Rect } from './mask';

/** The overlay's tint (a quick-mask red) and how opaque a fully masked pixel shows. */
const TINT = { r: 255, g: 48, b: 88 } as const;
const TINT_OPACITY = 0.5;

function paintOverlay(context: CanvasRenderingContext2D, mask: Mask, rect: Rect): void {
  const image = context.createImageData(rect.width, rect.height);
  for (let row = 0; row < rect.height; row += 1) {
    const from = (rect.y + row) * mask.width + rect.x;
    for (let column = 0; column < rect.width; column += 1) {
      const out = (row * rect.width + column) * 4;
      image.data[out] = TINT.r;
      image.data[out + 1] = TINT.g;
      image.data[out + 2] = TINT.b;
      image.data[out + 3] = Math.round((mask.data[from + column] ?? 0) * TINT_OPACITY);
    }
  }
  context.putImageData(image, rect.x, rect.y);
}

export function useMaskOverlay(mask: Mask) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  /** Redraws the rectangle an operation changed (nothing for null). */
  const draw = useCallback(
    (rect: Rect | null) => {
      const context = rect ? canvasRef.current?.getContext('2d') : null;
      if (context && rect) paintOverlay(context, mask, rect);
    },
    [mask],
  );
  const drawAll = useCallback(() => draw({ x: 0, y: 0, width: mask.width, height: mask.height }), [draw, mask]);
  return { canvasRef, draw, drawAll };
}
