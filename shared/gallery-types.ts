/** Shapes of the gallery and likes endpoints, shared by Worker and app. */
import type { ImageRendition } from './api-types';
import type { ViewFidelity } from './drawing-inputs';
import type { ImageEngineName } from './generation-types';
import type { ModelLabel } from './models';

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
  /** Geometry fidelity of a view of a sketch, model view or drawing: only in the owner's own items. */
  fidelity?: ViewFidelity;
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

export interface LikeResponse {
  liked: boolean;
  likeCount: number;
}
