import { Hono } from 'hono';
import { z } from 'zod';
import { generationRequestMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { storeReferenceUpload } from './uploads';

const uploadForm = z.object({ file: z.instanceof(File) });

export const uploadRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(),
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
