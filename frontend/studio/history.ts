/** The studio's history: the newest 50 of the caller's generations as batches, oldest first. */
import { queryOptions } from '@tanstack/react-query';
import type { ImageRendition } from '#shared/api-types';
import { DEFAULT_FIDELITY, type FidelityStep, type InputType, type ViewFidelity } from '#shared/drawing-inputs';
import { HISTORY_MAX_BATCHES } from '#shared/limits';
import { MODELS, type ModelId } from '#shared/models';
import { fetchOwnGenerations, type GenerationItem } from '../api/generations';
import type { GenerateSuccess } from '../api/studio';
import { queryKeys } from '../queries/keys';
import { isDeleted } from '../queries/tombstones';

export interface StudioImage {
  /** The batch id plus the index: also the download's file name. */
  id: string;
  batchId: string;
  index: number;
  url: string;
  thumbnailUrl: string;
  /** The R2 key of the full image: a refinement names it in `referenceImages` instead of re-uploading it. */
  storagePath: string;
  width: number;
  height: number;
  placeholder: string | null;
  /** WebP renditions, narrowest first, for the tile's srcset (shared/renditions.ts). */
  renditions: ImageRendition[];
  /** Its geometry fidelity, once a view of a sketch, model view or drawing is scored (docs/decisions/0086). */
  fidelity?: ViewFidelity;
}

/** The drawing a batch was rendered from: what it is, the Precise ↔ Creative step, and the stored input images. */
export interface BatchInput {
  type: InputType;
  fidelity: FidelityStep;
  /** R2 keys, the drawing first: "Render again, more precise" names them again. */
  referencePaths: string[];
}

/** A batch's input, when its request named an input type and its input images are known. */
export function batchInput(type: InputType | undefined, fidelity: FidelityStep | undefined, referencePaths: string[]): BatchInput | undefined {
  if (!type || referencePaths.length === 0) return undefined;
  return { type, fidelity: fidelity ?? DEFAULT_FIDELITY[type], referencePaths };
}

export interface StudioBatch {
  id: string;
  prompt: string;
  model: string;
  images: StudioImage[];
  referenceUrls: string[];
  createdAt: string;
  liked: boolean;
  likeCount: number;
  /** Made by the offline preview engine: labelled "Preview" (docs/decisions/0020). */
  preview: boolean;
  /** The words a project's brief added to the prompt (docs/decisions/0070-studio-in-a-project.md). */
  briefAddition?: string | null;
  /** Rendered from the user's drawing (docs/decisions/0093-drawing-inputs-ui.md). */
  input?: BatchInput;
}

type ImageFields = Pick<StudioImage, 'url' | 'thumbnailUrl' | 'width' | 'height' | 'placeholder' | 'renditions' | 'fidelity'> & { storagePath?: string };

/** The R2 key a media URL serves (`/media/{key}?exp=&sig=` → `{key}`). */
export function storagePathOf(url: string): string {
  const path = url.split('?')[0] ?? '';
  const key = path.startsWith('/media/') ? path.slice('/media/'.length) : path;
  return key.split('/').map(decodeURIComponent).join('/');
}

/** A batch's images as the studio keeps them; an image's id is the batch id plus its index. */
export function studioImages(batchId: string, images: ImageFields[]): StudioImage[] {
  return images.map(({ url, thumbnailUrl, width, height, placeholder, renditions, storagePath, fidelity }, index) => ({
    id: `${batchId}-${index}`,
    batchId,
    index,
    url,
    thumbnailUrl,
    storagePath: storagePath ?? storagePathOf(url),
    width,
    height,
    placeholder,
    renditions,
    ...(fidelity ? { fidelity } : {}),
  }));
}

export function batchFromListed(item: GenerationItem): StudioBatch {
  return {
    id: item.id,
    prompt: item.prompt,
    model: item.model,
    images: studioImages(item.id, item.images),
    referenceUrls: item.referenceImages,
    createdAt: item.createdAt,
    liked: item.liked,
    likeCount: item.likeCount,
    preview: item.engine === 'preview',
    briefAddition: item.briefAddition,
    input: batchInput(item.inputType, item.fidelity, item.referenceImages.map(storagePathOf)),
  };
}

export function batchFromResponse(response: GenerateSuccess, prompt: string, referenceUrls: string[]): StudioBatch {
  return {
    id: response.generationId,
    prompt: response.metadata.prompt || prompt,
    model: MODELS[response.metadata.model as ModelId]?.label ?? response.metadata.model,
    images: studioImages(response.generationId, response.images),
    referenceUrls,
    createdAt: response.metadata.timestamp,
    liked: false,
    likeCount: 0,
    preview: response.metadata.preview,
    briefAddition: response.briefAddition ?? null,
    input: batchInput(response.metadata.inputType, response.metadata.fidelity, response.metadata.referenceImages),
  };
}

/** Oldest at the top, newest at the bottom, at most 50. */
export function orderedHistory(batches: StudioBatch[]): StudioBatch[] {
  return [...batches].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(-HISTORY_MAX_BATCHES);
}

/** Adds (or replaces) one batch, keeping the order and the limit. */
export function withBatch(batches: StudioBatch[] | undefined, batch: StudioBatch): StudioBatch[] {
  return orderedHistory([...(batches ?? []).filter((known) => known.id !== batch.id), batch]);
}

/** A re-read list over the cached one: local reference thumbnails stay when the list carries none. */
export function mergeHistory(current: StudioBatch[] | undefined, loaded: StudioBatch[]): StudioBatch[] {
  const known = new Map((current ?? []).map((batch) => [batch.id, batch]));
  return loaded.map((batch) => {
    const local = known.get(batch.id);
    if (!local || batch.referenceUrls.length > 0) return batch;
    return { ...batch, referenceUrls: local.referenceUrls };
  });
}

export function historyQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.historyOf(userId),
    queryFn: async (): Promise<StudioBatch[]> => {
      try {
        const page = await fetchOwnGenerations(null, HISTORY_MAX_BATCHES);
        return orderedHistory(page.items.map(batchFromListed));
      } catch (error) {
        // The list stays as it is; the next generation or reload tries again.
        console.warn('loading the history failed', error);
        throw error;
      }
    },
    // A read that raced a delete of this session (it began before the delete landed) keeps the deleted batch out.
    structuralSharing: (current, loaded) =>
      mergeHistory(current as StudioBatch[] | undefined, loaded as StudioBatch[]).filter((batch) => !isDeleted(batch.id)),
  });
}
