/** Shapes of the gallery, dashboard and likes endpoints, shared by Worker and app. */
import type { ImageEngineName, ImageRendition } from './api-types';
import type { ModelLabel } from './models';
import type { VersionedItem } from './project-types';

export type GenerationVisibility = 'public' | 'private';

/** One image of a card: the grid loads a rendition, the viewer and downloads the full image. */
export interface CardImage {
  url: string;
  thumbnailUrl: string;
  /** ThumbHash, base64: decode with thumbhash's thumbHashToDataURL. */
  placeholder: string;
  width: number;
  height: number;
  /** The WebP ladder, narrowest first (see GeneratedImage.renditions). */
  renditions: ImageRendition[];
}

/** A gallery card (GET /api/gallery, GET /api/likes). */
export interface GalleryItem {
  id: string;
  prompt: string;
  model: ModelLabel;
  /** Which engine drew it: the app labels the offline preview engine's images "Preview". */
  engine: ImageEngineName;
  images: CardImage[];
  likeCount: number;
  /** Whether the caller likes it (always false signed out). */
  liked: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** True when the caller made it. */
  isOwn: boolean;
  visibility: GenerationVisibility;
}

/** A dashboard card (GET /api/generations, PATCH /api/generations/:id). */
export interface LibraryItem extends GalleryItem {
  /** URLs of the reference images the generation was made from (signed: they are private). */
  referenceImages: string[];
}

export interface GalleryPage {
  items: GalleryItem[];
  nextCursor: string | null;
  /** The seed the order was shuffled with: pass it back to keep the order (or reshuffle). */
  seed: number;
}

export interface LikesPage {
  items: GalleryItem[];
  nextCursor: string | null;
}

/** The dashboard's page: the owner's cards with where each sits in its project (one shape everywhere the owner sees them). */
export interface LibraryPage {
  items: VersionedItem[];
  nextCursor: string | null;
}

export interface LikeResponse {
  liked: boolean;
  likeCount: number;
}
