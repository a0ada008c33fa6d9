import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { generationRequestMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth/middleware';
import type { AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { storeReferenceUpload } from './uploads';

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Refuses an oversized body before it is read into memory. */
const refuseOversized = createMiddleware<AppEnv>(async (c, next) => {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError('payload_too_large', generationRequestMessages.uploadTooLarge, { field: 'file' });
  }
  await next();
});

const uploadForm = z.object({ file: z.instanceof(File) });

export const uploadRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(),
  refuseOversized,
  validate('form', uploadForm, generationRequestMessages.uploadMissingFile),
  async (c) => {
    const upload = await storeReferenceUpload(
      { media: c.env.MEDIA, signingSecret: c.env.MEDIA_SIGNING_SECRET },
      currentUser(c).id,
      c.req.valid('form').file,
    );
    return c.json(upload, 201);
  },
);
