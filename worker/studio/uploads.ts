/**
 * Reference uploads: checked by their bytes and their header's size, decoded once (refused when
 * they do not decode), downscaled when large, counted against a daily quota, and stored under
 * the caller's own folder.
 */
import type { UploadResponse } from '#shared/api-types';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { MAX_UPLOAD_BYTES_PER_DAY, MAX_UPLOADS_PER_DAY } from '../platform/limits';
import { generationRequestMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { checkImageHeader } from './image-header';
import { prepareReference } from './image-processing';
import { sniffImage } from './image-sniff';
import { guessInputType } from './input-guess';
import { mediaKeys, signedMediaUrl } from '../media';

function refused(message: string): AppError {
  return new AppError('invalid_image', message, { field: 'file' });
}

/** The UTC day of `now` as yyyymmdd: the first part of every reference's file name. */
export function uploadDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
}

/** What the caller stored today: one R2 list under the day's prefix, bounded by the quota itself. */
async function usedToday(media: R2Bucket, userId: string, day: string): Promise<{ count: number; bytes: number }> {
  const listed = await media.list({ prefix: `${mediaKeys.referencePrefix(userId)}${day}-`, limit: MAX_UPLOADS_PER_DAY + 1 });
  return { count: listed.objects.length, bytes: listed.objects.reduce((sum, object) => sum + object.size, 0) };
}

export async function storeReferenceUpload(
  deps: { media: R2Bucket; signingSecret: string; now?: () => number },
  userId: string,
  file: File,
): Promise<UploadResponse> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new AppError('payload_too_large', generationRequestMessages.uploadTooLarge, { field: 'file' });
  }
  const now = deps.now?.() ?? Date.now();
  const day = uploadDay(now);
  const used = await usedToday(deps.media, userId, day);
  if (used.count >= MAX_UPLOADS_PER_DAY || used.bytes >= MAX_UPLOAD_BYTES_PER_DAY) {
    const nextDay = Math.ceil((now + 1) / 86_400_000) * 86_400_000;
    throw new AppError('rate_limited', generationRequestMessages.uploadQuotaReached, {
      field: 'file',
      headers: { 'Retry-After': String(Math.ceil((nextDay - now) / 1000)) },
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw refused(generationRequestMessages.uploadNotImage);
  // The header's size decides before any decode: a bomb is refused without allocating its pixels.
  const header = checkImageHeader(bytes);
  if (!header.ok) {
    throw refused(header.reason === 'too_many_pixels' ? generationRequestMessages.imageTooManyPixels : generationRequestMessages.imageUnreadable);
  }
  const prepared = prepareReference(bytes, kind, header.size);
  if (!prepared) throw refused(generationRequestMessages.imageUnreadable);
  const path = mediaKeys.reference(userId, `${day}-${crypto.randomUUID()}`, prepared.ext);
  await deps.media.put(path, prepared.bytes, { httpMetadata: { contentType: prepared.mimeType } });
  return { path, url: await signedMediaUrl(deps.signingSecret, path, now), suggestedInputType: guessInputType(prepared.sample) };
}
