/**
 * A project's saved presentation board (docs/decisions/0088-saved-boards.md): what the owner laid
 * out, as GET and PUT /api/projects/:id/board carry it. Images are named by `{generationId}.{index}`
 * (as compare's addresses name them); the project's name and brief are read from the project itself.
 */

export const BOARD_PAPERS = ['A3', 'A4'] as const;
export type BoardPaper = (typeof BOARD_PAPERS)[number];

export const BOARD_IMAGES_PER_PAGE = [1, 2, 4, 6] as const;
export type BoardImagesPerPage = (typeof BOARD_IMAGES_PER_PAGE)[number];

/** `cover` fills the cell (cropping the overflow, centred); `contain` fits the whole image in it. */
export const BOARD_FITS = ['cover', 'contain'] as const;
export type BoardFit = (typeof BOARD_FITS)[number];

/** Images a board may hold (eight A3 sheets of six). */
export const BOARD_MAX_ENTRIES = 48;
export const BOARD_CAPTION_MAX_CHARS = 160;
export const BOARD_VIEW_MAX_CHARS = 160;
export const BOARD_PRACTICE_MAX_CHARS = 80;
/** A sheet number ("A-101") and a revision ("P2"). */
export const BOARD_CODE_MAX_CHARS = 16;
export const BOARD_DATE_MAX_CHARS = 40;

interface BoardEntryData {
  /** `{generationId}.{imageIndex}`. */
  key: string;
  caption: string;
}

interface BoardTitleData {
  practiceName: string;
  /** An image the owner uploaded (POST /api/uploads), or null for none. */
  logoKey: string | null;
  /** The drawing's title; null follows the first image's words. */
  view: string | null;
  /** The date as typed; null prints the day of export. */
  date: string | null;
  /** The first sheet's number; later sheets count on from it ("A-101", "A-102"). */
  sheetNumber: string;
  revision: string;
}

export interface BoardData {
  paper: BoardPaper;
  perPage: BoardImagesPerPage;
  fit: BoardFit;
  entries: BoardEntryData[];
  title: BoardTitleData;
}

/** GET and PUT /api/projects/:id/board. */
export interface BoardState {
  /** The board as its owner left it; null until it is first saved. */
  board: BoardData | null;
  /** ISO 8601 of the last save; null before one. */
  updatedAt: string | null;
  /** The practice name and logo of the owner's most recently saved board: a new board's title block starts from them. */
  practice: { name: string; logoKey: string | null };
  /** Signed URLs of the logos named in `board` and `practice`, by key. */
  logoUrls: Record<string, string>;
}
