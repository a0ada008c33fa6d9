/**
 * Which file a compare pane shows (docs/decisions/0067-compare-view.md): the largest WebP
 * rendition first, and the original once the zoom puts more device pixels on screen than that
 * rendition has. Once the original is needed it stays: zooming back out never reloads.
 */
import type { ImageRendition } from '#shared/api-types';

export interface CompareSource {
  url: string;
  /** True when this is the full-size original. */
  original: boolean;
}

/** The widest rendition, if any. */
export function largestRendition(renditions: readonly ImageRendition[]): ImageRendition | undefined {
  return renditions.reduce<ImageRendition | undefined>((widest, rendition) => (!widest || rendition.width > widest.width ? rendition : widest), undefined);
}

/** Whether an image shown `shownCssWidth` px wide at `dpr` needs more pixels than its largest rendition. */
export function needsOriginal(renditions: readonly ImageRendition[], shownCssWidth: number, dpr: number): boolean {
  const largest = largestRendition(renditions);
  return !largest || shownCssWidth * dpr > largest.width;
}

/** The source to load first: the largest rendition, or the original when there is none. */
export function firstSource(image: { url: string; renditions: readonly ImageRendition[] }): CompareSource {
  const largest = largestRendition(image.renditions);
  return largest ? { url: largest.url, original: false } : { url: image.url, original: true };
}
