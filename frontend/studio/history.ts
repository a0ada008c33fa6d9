/**
 * The studio's batches and images, and how a listed generation becomes one. The history's query
 * and its cache updates are queries/history.ts.
 */
import type { ImageRendition } from '#shared/api-types';
import { DEFAULT_FIDELITY, type FidelityStep, type InputType, type ViewFidelity } from '#shared/drawing-inputs';
import { imageName, type VersionRef } from '#shared/version-names';
import type { GenerationItem } from '../api/generations';

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
  /** Said under a batch some of whose views failed, while this tab knows its job (jobs.ts, partialFailureMessage). */
  notice?: string | null;
}

type ImageFields = Pick<StudioImage, 'url' | 'thumbnailUrl' | 'width' | 'height' | 'placeholder' | 'renditions' | 'fidelity'> & { storagePath?: string };

/** The R2 key a media URL serves (`/media/{key}?exp=&sig=` → `{key}`). */
function storagePathOf(url: string): string {
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
