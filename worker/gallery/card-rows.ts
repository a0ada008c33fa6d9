/** The columns every card list reads (gallery, likes, dashboard), and their parsing. */
import type { ImageEngineName } from '#shared/generation-types';
import type { GenerationVisibility } from '#shared/gallery-types';
import type { StoredImage } from '#shared/generation-types';
import type { ModelLabel } from '#shared/models';

/** A row as D1 returns it from the raw card queries (JSON columns still text). */
export interface RawCardRow {
  id: string;
  user_id: string;
  prompt: string;
  model: ModelLabel;
  engine: ImageEngineName;
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
  engine: ImageEngineName;
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
    engine: row.engine,
    visibility: row.visibility,
    images: parseJsonArray<StoredImage>(row.images),
    referenceImages: parseJsonArray<string>(row.reference_images),
    likeCount: row.like_count,
    createdAt: row.created_at,
    liked: row.liked === 1,
  };
}

const COLUMN_NAMES = [
  'id',
  'user_id',
  'prompt',
  'model',
  'engine',
  'visibility',
  'images',
  'reference_images',
  'like_count',
  'created_at',
] as const;

/** The select list matching RawCardRow, for a query over `generations` alone. */
export const CARD_COLUMNS = COLUMN_NAMES.join(', ');

/** The same list qualified with the table name, for queries that join `generations`. */
export const QUALIFIED_CARD_COLUMNS = COLUMN_NAMES.map((column) => `generations.${column}`).join(', ');
