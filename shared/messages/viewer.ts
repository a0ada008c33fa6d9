/**
 * The full-screen viewer's own texts (ours), wherever it opens (gallery, studio, project page):
 * its zoom, its facts about the image and its like (docs/decisions/0091-studio-polish.md).
 */
export const viewerMessages = {
  model: 'Model',
  size: 'Size',
  sizeValue: (width: number, height: number) => `${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} px`,
  version: 'Version',
  zoom: 'Zoom',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to screen',
  actualSize: 'Zoom to 100 %',
  zoomPercent: (percent: number) => `${percent} %`,
  stageHelp: 'Scroll or pinch to zoom, double-click for 100 %, drag to move around the image.',
  like: 'Like',
} as const;
