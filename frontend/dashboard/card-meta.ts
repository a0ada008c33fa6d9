/**
 * What a dashboard card says about itself under its images: when, with which model, and who can
 * see it (docs/decisions/0050-touch-and-layout.md).
 */
import type { GalleryItem } from '#shared/gallery-types';

export interface CardMeta {
  /** ISO date for <time dateTime>. */
  dateTime: string;
  /** e.g. 'Nov 22, 2026'; the ISO string itself when it does not parse. */
  date: string;
  model: string;
  visibility: 'Public' | 'Private';
  /** The badge's accessible name, which says what the word means. */
  visibilityLabel: string;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function cardMeta(card: Pick<GalleryItem, 'createdAt' | 'model' | 'visibility'>): CardMeta {
  const time = Date.parse(card.createdAt);
  const publicCard = card.visibility === 'public';
  return {
    dateTime: card.createdAt,
    date: Number.isNaN(time) ? card.createdAt : DATE_FORMAT.format(time),
    model: card.model,
    visibility: publicCard ? 'Public' : 'Private',
    visibilityLabel: publicCard ? 'Public: shown in the gallery' : 'Private: only you can see it',
  };
}
