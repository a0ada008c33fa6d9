/** Reference uploads: checked by their bytes, stored under the caller's own folder. */
import type { UploadResponse } from '#shared/api-types';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { generationRequestMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { sniffImage } from './image-sniff';
import { mediaKeys, signedMediaUrl } from '../media/urls';

export async function storeReferenceUpload(
  deps: { media: R2Bucket; signingSecret: string; now?: () => number },
  userId: string,
  file: File,
): Promise<UploadResponse> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new AppError('payload_too_large', generationRequestMessages.uploadTooLarge, { field: 'file' });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('invalid_image', generationRequestMessages.uploadNotImage, { field: 'file' });
  const path = mediaKeys.reference(userId, crypto.randomUUID(), kind.ext);
  await deps.media.put(path, bytes, { httpMetadata: { contentType: kind.mimeType } });
  return { path, url: await signedMediaUrl(deps.signingSecret, path, deps.now?.() ?? Date.now()) };
}
