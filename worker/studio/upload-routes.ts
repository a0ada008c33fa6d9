import { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { generationRequestMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth/middleware';
import type { AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { storeReferenceUpload } from './uploads';

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadRoutes = new Hono<AppEnv>().post('/', requireUser(), async (c) => {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  // Refuse an oversized body before reading it into memory.
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError('payload_too_large', generationRequestMessages.uploadTooLarge, { field: 'file' });
  }
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('file');
  if (!(file instanceof File)) {
    throw new AppError('invalid_request', generationRequestMessages.uploadMissingFile, { field: 'file' });
  }
  const upload = await storeReferenceUpload(
    { media: c.env.MEDIA, signingSecret: c.env.MEDIA_SIGNING_SECRET },
    currentUser(c).id,
    file,
  );
  return c.json(upload, 201);
});
