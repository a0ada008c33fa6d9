/**
 * The studio's history: the newest 50 of the caller's generations as batches, oldest first — all
 * of them, or inside a project that project's alone (docs/decisions/0070-studio-in-a-project.md).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ImageRendition } from '#shared/api-types';
import { DEFAULT_FIDELITY, type FidelityStep, type InputType, type ViewFidelity } from '#shared/drawing-inputs';
import { HISTORY_MAX_BATCHES } from '#shared/limits';
import { MODELS, type ModelId } from '#shared/models';
import { imageName, type VersionRef } from '#shared/version-names';
import { fetchOwnGenerations, type GenerationItem } from '../api/generations';
import { fetchGeneration } from '../api/lineage';
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
  /** Its name in its project ("B3-2", shared/version-names.ts); null outside any or before it is saved. */
  name: string | null;
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
  /** The project it is in, and its name there (docs/decisions/0087-version-names.md). */
  projectId?: string | null;
  version?: VersionRef | null;
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
export function studioImages(batchId: string, images: ImageFields[], version: VersionRef | null = null): StudioImage[] {
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
    name: version ? imageName(version, index, images.length) : null,
    ...(fidelity ? { fidelity } : {}),
  }));
}

export function batchFromListed(item: GenerationItem): StudioBatch {
  return {
    id: item.id,
    prompt: item.prompt,
    model: item.model,
    images: studioImages(item.id, item.images, item.version),
    referenceUrls: item.referenceImages,
    createdAt: item.createdAt,
    liked: item.liked,
    likeCount: item.likeCount,
    preview: item.engine === 'preview',
    briefAddition: item.briefAddition,
    projectId: item.projectId,
    version: item.version,
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
    projectId: response.projectId ?? null,
    input: batchInput(response.metadata.inputType, response.metadata.fidelity, response.metadata.referenceImages),
  };
}

/** Oldest at the top, newest at the bottom, at most 50. */
export function orderedHistory(batches: StudioBatch[]): StudioBatch[] {
  return [...batches].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(-HISTORY_MAX_BATCHES);
}

/** Adds (or replaces) one batch, keeping the order and the limit. */
function withBatch(batches: StudioBatch[] | undefined, batch: StudioBatch): StudioBatch[] {
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

export function historyQuery(userId: string, projectId: string | null) {
  return queryOptions({
    queryKey: queryKeys.historyIn(userId, projectId),
    queryFn: async (): Promise<StudioBatch[]> => {
      try {
        const page = await fetchOwnGenerations(null, HISTORY_MAX_BATCHES, projectId ?? undefined);
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

/** The project a history key holds (null: every generation), read back from queryKeys.historyIn. */
function scopeOf(key: readonly unknown[]): string | null {
  return key[2] === 'all' || typeof key[2] !== 'string' ? null : key[2];
}

/**
 * A finished batch joins every history of its user that shows it: the whole history and its
 * project's, loaded or not yet (a read still on its way merges over it). `keep` decides over a
 * history that holds it already (by default it is replaced).
 */
export function addToHistories(
  client: QueryClient,
  userId: string,
  batch: StudioBatch,
  keep: (batches: StudioBatch[]) => boolean = () => false,
): void {
  const keys = new Map<string, readonly unknown[]>();
  for (const key of [queryKeys.historyIn(userId, null), queryKeys.historyIn(userId, batch.projectId ?? null)]) keys.set(JSON.stringify(key), key);
  for (const [key] of client.getQueriesData<StudioBatch[]>({ queryKey: queryKeys.historyOf(userId) })) keys.set(JSON.stringify(key), key);
  for (const key of keys.values()) {
    const scope = scopeOf(key);
    const batches = client.getQueryData<StudioBatch[]>(key);
    if ((scope !== null && scope !== batch.projectId) || (batches && keep(batches))) continue;
    client.setQueryData<StudioBatch[]>(key, withBatch(batches, batch));
  }
}

/**
 * A generation made in a project is named in the batch that saves it (docs/decisions/0087-version-names.md),
 * which the generate answer and the job's snapshot do not carry: the studio reads its row once so
 * the batch shows its name and downloads under it. A failed read leaves it unnamed until the next
 * history read.
 */
export async function learnVersionName(client: QueryClient, userId: string, batch: StudioBatch): Promise<void> {
  if (!batch.projectId || batch.version) return;
  let listed: StudioBatch;
  try {
    listed = batchFromListed(await fetchGeneration(batch.id));
  } catch {
    return;
  }
  if (!listed.version || isDeleted(batch.id)) return;
  // The local reference thumbnails stay, as a re-read list keeps them (mergeHistory).
  const named = listed.referenceUrls.length > 0 ? listed : { ...listed, referenceUrls: batch.referenceUrls };
  addToHistories(client, userId, named, (batches) => batches.some((known) => known.id === batch.id && known.version));
}
