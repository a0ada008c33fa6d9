/**
 * Labels of the presentation board: ours, as the original product had no board
 * (docs/decisions/0027-texts-word-for-word.md). The free-plan line is shared/messages.ts's.
 */
import { boardMessages } from '#shared/messages/board';

export const boardCopy = {
  freePlanMark: boardMessages.freePlanMark,
  title: 'Presentation board',
  /** The project page's way to the board. */
  openBoard: 'Board',
  chooseImages: 'Choose images',
  chosen: (count: number) => (count === 1 ? '1 image on the board' : `${count} images on the board`),
  noImages: 'This project has no images yet. Generate some, then make a board.',
  paper: 'Paper',
  perPage: 'Images per page',
  perPageOption: (count: number) => `${count} up`,
  view: 'View',
  version: 'Version',
  date: 'Date',
  materials: 'Materials',
  timeOfDay: 'Time of day',
  caption: (position: number) => `Caption of image ${position}`,
  moveEarlier: (position: number) => `Move image ${position} earlier`,
  moveLater: (position: number) => `Move image ${position} later`,
  remove: (position: number) => `Remove image ${position}`,
  order: 'Order and captions',
  preview: 'Preview',
  pageLabel: (page: number, pages: number) => `Page ${page} of ${pages}`,
  export: 'Export PDF',
  exporting: 'Making the PDF…',
  exportFailed: 'The PDF could not be made. Please try again.',
  exportDone: 'The PDF has been saved.',
  pickFirst: 'Choose at least one image to export.',
  backToProject: 'Back to the project',
  loadFailed: 'This project could not be loaded.',
  versionLabel: (version: number) => `v${version}`,
  // Print resolution (docs/decisions/0090-print-ui.md)
  printsAt: (dpi: number) => `Prints at ${dpi} dpi`,
  lowDpi: (dpi: number, paper: string) => `This view prints at ${dpi} dpi on ${paper}.`,
  lowDpiAsk: (dpi: number, paper: string) => `This view prints at ${dpi} dpi on ${paper}; upscale it?`,
  lowDpiBadge: (dpi: number) => `${dpi} dpi`,
  upscaling: 'Upscaling… the board takes the sharper version when it is ready.',
  lossless: 'Lossless images (PNG masters)',
  losslessHint: 'A larger file, slower to make: the JPEG originals already print at full resolution.',
} as const;
