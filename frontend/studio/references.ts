/**
 * The studio's input images on their way to storage: picked files upload as soon as they are
 * picked; a selected generated image is already stored, so a refinement names its own key
 * (docs/decisions/0052-studio-on-generation-jobs.md) instead of sending its bytes again.
 */
import type { InputType } from '#shared/drawing-inputs';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { generationRequestMessages } from '#shared/messages/generation-request';
import { studioMessages } from '#shared/messages/studio';
import { ApiError } from '../api/client';
import { uploadReference, type UploadResponse } from '../api/studio';
import type { StudioImage } from './history';
import { NOTICE_DURATION_MS, notify } from '../shell/notices';

export interface ReferenceItem {
  id: string;
  name: string;
  /** A local object URL shown as the thumbnail. */
  previewUrl: string;
  status: 'uploading' | 'ready' | 'failed';
  path: string | null;
  /** Why a failed upload was refused, shown on its thumbnail (docs/decisions/0048-reference-traps.md). */
  reason?: string;
  /** What the Worker guesses the image is, preselected for the user to confirm (docs/decisions/0093-drawing-inputs-ui.md). */
  suggestedInputType?: InputType;
}

/** What an upload settles to: ready with its path and the Worker's guess, or failed with the reason. */
export type ReferenceSettlement = Pick<ReferenceItem, 'status' | 'path' | 'reason' | 'suggestedInputType'>;

/** A refusal known before any upload: files over the size limit never leave the browser. */
export function refusalBeforeUpload(file: Pick<File, 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return generationRequestMessages.uploadNotImage;
  if (file.size > MAX_UPLOAD_BYTES) return generationRequestMessages.uploadTooLarge;
  return null;
}

/** The reason an upload failed, in words the user can act on. */
function refusalReason(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : studioMessages.storageUploadFailed;
}

const referenceUploads = new Map<string, Promise<UploadResponse | null>>();
let referenceCounter = 0;

/** Starts the upload of a picked file; `settled` reports the item's final state. */
export function startReferenceUpload(file: File, settled: (id: string, change: ReferenceSettlement) => void): ReferenceItem {
  referenceCounter += 1;
  const ext = file.type === 'image/jpeg' ? 'jpg' : (file.type.split('/')[1] ?? 'png');
  const id = `ref-${Date.now().toString(36)}-${referenceCounter}`;
  const item: ReferenceItem = { id, name: file.name, previewUrl: URL.createObjectURL(file), status: 'uploading', path: null };
  const refused = refusalBeforeUpload(file);
  if (refused !== null) {
    referenceUploads.set(id, Promise.resolve(null));
    return { ...item, status: 'failed', reason: refused };
  }
  const upload = uploadReference(file, `ref-uploaded-${id}.${ext}`).then(
    (result) => {
      settled(id, { status: 'ready', path: result.path, suggestedInputType: result.suggestedInputType });
      return result;
    },
    (error: unknown) => {
      settled(id, { status: 'failed', path: null, reason: refusalReason(error) });
      return null;
    },
  );
  referenceUploads.set(id, upload);
  return item;
}

/** Waits until every listed reference has finished uploading, whatever the outcome. */
export async function referencesSettled(references: ReferenceItem[]): Promise<void> {
  await Promise.all(references.map((ref) => referenceUploads.get(ref.id) ?? Promise.resolve(null)));
}

/** Lets go of a picked file: its preview URL and its upload. */
export function releaseReference(ref: ReferenceItem): void {
  URL.revokeObjectURL(ref.previewUrl);
  referenceUploads.delete(ref.id);
}

/**
 * Lets go of a sent file's upload but not of its preview URL: the prompt bubble of the job it went
 * with shows it for as long as the tab keeps that job's mutation (generate.ts
 * releasePreviewsWithTheirJobs).
 */
export function handOverReference(ref: ReferenceItem): void {
  referenceUploads.delete(ref.id);
}

/** Lets go of the previews a job's bubble showed: the blob: URLs among its thumbnails. */
export function releasePreviews(urls: readonly string[]): void {
  for (const url of urls) if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}

/** Storage paths of every input image; null (after telling the user) when none could be uploaded. */
export async function collectReferencePaths(selected: StudioImage[], references: ReferenceItem[]): Promise<string[] | null> {
  const total = selected.length + references.length;
  if (total === 0) return [];
  const selectedPaths = selected.map((image) => image.storagePath);
  const referencePaths = await Promise.all(
    references.map(async (ref) => ref.path ?? (await referenceUploads.get(ref.id))?.path ?? null),
  );
  const paths = [...selectedPaths, ...referencePaths].filter((path): path is string => path !== null);
  const failed = total - paths.length;
  if (paths.length === 0) {
    notify(studioMessages.allReferencesFailed, { tone: 'error' });
    return null;
  }
  if (failed > 0) notify(studioMessages.someReferencesFailed(failed, paths.length), { tone: 'warning', durationMs: NOTICE_DURATION_MS });
  return paths;
}
