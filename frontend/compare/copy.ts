/**
 * The compare screen's words: ours, as the source documents give none for it
 * (docs/decisions/0027-texts-word-for-word.md).
 */
import { COMPARE_MAX_ITEMS, COMPARE_MIN_ITEMS } from '#shared/limits';
import type { CompareMode } from './layout';

export const compareMessages = {
  title: 'Compare',
  viewLabel: 'Compare images',
  back: 'Back',
  modes: 'Compare mode',
  modeNames: { side: 'Side by side', wipe: 'Wipe', flicker: 'Flicker' } satisfies Record<CompareMode, string>,
  modeKey: (mode: CompareMode, key: number) => `${compareMessages.modeNames[mode]} (${key})`,
  zoom: 'Zoom',
  zoomIn: 'Zoom in (+)',
  zoomOut: 'Zoom out (−)',
  fit: 'Fit (0)',
  zoomLevel: (percent: number) => `${percent} %`,
  zoomLevelLabel: (percent: number) => `Zoom: ${percent} % of the original's pixels`,
  stageLabel: (count: number) => `${count} images, zoomed and panned together`,
  stageHelp:
    'Scroll or pinch to zoom, drag to pan, double-click for 100 %. Keys: + and − zoom, 0 fits, the arrows pan, 1, 2 and 3 switch between side by side, wipe and flicker, [ and ] step between pairs, and in flicker Space switches the image.',
  previousPair: 'Previous pair ([)',
  nextPair: 'Next pair (])',
  pairPosition: (first: number, last: number, count: number) => `${first}–${last} of ${count}`,
  showing: (labels: readonly string[]) => `Showing ${labels.join(' and ')}`,
  wipeDivider: 'Wipe divider',
  wipeValue: (position: number, left: string, right: string) => `${Math.round(position)} % ${left}, ${Math.round(100 - position)} % ${right}`,
  play: 'Play flicker',
  pause: 'Pause flicker',
  interval: 'Interval',
  intervalLabel: 'Flicker interval',
  intervalValue: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
  hold: 'Hold to switch',
  holdLabel: 'Hold to show the other image (on the images, Space switches)',
  // The page
  loading: 'Loading the images…',
  tooFew: `Pick ${COMPARE_MIN_ITEMS} to ${COMPARE_MAX_ITEMS} of your images to compare them: select them in the studio or the dashboard, or open a version tree.`,
  missing: (count: number) =>
    count === 1 ? 'One of these images no longer exists or is not yours.' : `${count} of these images no longer exist or are not yours.`,
  loadFailed: 'The images could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  toDashboard: 'Go to the dashboard',
  // Entry points
  compare: 'Compare',
  compareCount: (count: number) => `Compare (${count})`,
  pickToCompare: 'Select to compare',
  pickHint: `Select ${COMPARE_MIN_ITEMS} to ${COMPARE_MAX_ITEMS} images to compare`,
  picked: (count: number) => `${count} selected`,
  pickImage: (prompt: string, index: number, total: number) =>
    total > 1 ? `Compare image ${index + 1} of ${total}: ${prompt}` : `Compare: ${prompt}`,
  trayLabel: 'Images to compare',
  cancel: 'Cancel',
  /** An image of a generation with several views, outside any project. */
  view: (index: number) => `view ${index + 1}`,
} as const;
