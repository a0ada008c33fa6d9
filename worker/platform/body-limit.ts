/**
 * Every request body is capped before anything reads it: a small cap for the JSON
 * routes, larger ones only where the contract needs them. Hono's bodyLimit counts the bytes as
 * they stream in, so a chunked body without Content-Length is cut off at the cap too, never
 * buffered whole.
 */
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { EDIT_BODY_MAX_BYTES, GENERATE_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from './limits';
import { generalMessages, generationRequestMessages } from '#shared/messages';
import type { AppEnv } from './context';
import { AppError } from './errors';

/** The largest body a path accepts; every path not named here gets the small cap. */
function bodyCapFor(path: string): { maxSize: number; message: string; field?: string } {
  if (path === '/api/uploads' || path === '/api/uploads/') {
    return { maxSize: UPLOAD_BODY_MAX_BYTES, message: generationRequestMessages.uploadTooLarge, field: 'file' };
  }
  if (path === '/api/generate' || path === '/api/generate/') {
    return { maxSize: GENERATE_BODY_MAX_BYTES, message: generalMessages.payloadTooLarge };
  }
  if (/^\/api\/generations\/[^/]+\/images\/[^/]+\/edits\/?$/.test(path)) {
    return { maxSize: EDIT_BODY_MAX_BYTES, message: generalMessages.payloadTooLarge, field: 'mask' };
  }
  return { maxSize: SMALL_BODY_MAX_BYTES, message: generalMessages.payloadTooLarge };
}

export const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  const cap = bodyCapFor(c.req.path);
  const limit = bodyLimit({
    maxSize: cap.maxSize,
    onError: () => {
      throw new AppError('payload_too_large', cap.message, cap.field === undefined ? {} : { field: cap.field });
    },
  });
  return limit(c, next);
});
