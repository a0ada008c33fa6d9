/** The columns every card list reads (gallery, likes, dashboard), and their parsing. */
import type { GenerationVisibility } from '../domain/gallery-types';
import type { StoredImage } from '../domain/generation-types';
import type { ModelLabel } from '../domain/models';

/** A row as D1 returns it from the raw card queries (JSON columns still text). */
export interface RawCardRow {
  id: string;
  user_id: string;
  prompt: string;
  model: ModelLabel;
  visibility: GenerationVisibility;
  images: string;
  reference_images: string;
  like_count: number;
  created_at: number;
  liked: number;
}

export interface CardRow {
  id: string;
  userId: string;
  prompt: string;
  model: ModelLabel;
  visibility: GenerationVisibility;
  images: StoredImage[];
  referenceImages: string[];
  likeCount: number;
  createdAt: number;
  liked: boolean;
}

function parseJsonArray<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function toCardRow(row: RawCardRow): CardRow {
  return {
    id: row.id,
    userId: row.user_id,
    prompt: row.prompt,
    model: row.model,
    visibility: row.visibility,
    images: parseJsonArray<StoredImage>(row.images),
    referenceImages: parseJsonArray<string>(row.reference_images),
    likeCount: row.like_count,
    createdAt: row.created_at,
    liked: row.liked === 1,
  };
}

/** The select list matching RawCardRow, for a query over `generations` (aliased or not). */
export const CARD_COLUMNS = `id, user_id, prompt, model, visibility, images, reference_images, like_count, created_at`;
