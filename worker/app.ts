import { Hono } from 'hono';
import type { ApplyGlobalResponse } from 'hono/client';
import { HTTPException } from 'hono/http-exception';
import { createDatabase } from './db/client';
import { sessionDatabase, sessionStart, validBookmark } from './db/sessions';
import { D1_BOOKMARK_HEADER } from '#shared/edge';
import type { ERROR_STATUS, ErrorCode } from '#shared/error-codes';
import { generalMessages } from '#shared/messages';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { AppError } from './platform/errors';
import { limitBodies } from './platform/body-limit';
import type { AppEnv } from './platform/context';
import { adminRoutes } from './admin';
import { authRoutes, meRoutes } from './auth';
import { boardRoutes } from './boards';
import { creditRoutes } from './credits';
import { anonymousGalleryHit, galleryRoutes, likeRoutes } from './gallery';
import { editRoutes, generateRoutes, jobRoutes, upscaleRoutes } from './generation';
import { generationRoutes } from './generations';
import { downloadRoutes } from './downloads';
import { devOutboxRoutes } from './email';
import { healthRoutes } from './platform/health-routes';
import { masterRoutes, mediaRoutes } from './media';
import { paymentRoutes, webhookRoutes } from './payments';
import { projectRoutes } from './projects';
import { realtimeRoutes } from './realtime';
import { reviewOwnerRoutes, reviewerRoutes } from './review';
import { previewHoldRoutes, promptRoutes, uploadRoutes } from './studio';
import { renderedRoutes } from './render';
import { seoRoutes } from './seo';
import { invitationRoutes, workspaceRoutes } from './workspaces';

/** Every route chained onto one app, so its type is the HTTP contract (Hono's RPC guide). */
export const app = new Hono<AppEnv>()
  // Before everything else: a fresh anonymous page needs no session, user or body limit.
  .use('/api/gallery', anonymousGalleryHit)
  .use(async (c, next) => {
    const start = sessionStart(c.req.method, c.req.path, validBookmark(c.req.header(D1_BOOKMARK_HEADER)));
    const session = c.env.DB.withSession(start);
    c.set('db', createDatabase(sessionDatabase(c.env.DB, session)));
    c.set('user', null);
    await next();
    if (c.res.status === 101) return;
    const bookmark = session.getBookmark();
    if (bookmark) c.res.headers.set(D1_BOOKMARK_HEADER, bookmark);
    // A route may tighten one (the review routes send no referrer); none loosens them.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  })
  .use(limitBodies)
  .route('/api/auth', authRoutes)
  .route('/api/me', meRoutes)
  .route('/api/me/ledger', creditRoutes)
  .route('/api/health', healthRoutes)
  .route('/api/generate', generateRoutes)
  .route('/api/jobs', jobRoutes)
  .route('/api/uploads', uploadRoutes)
  .route('/api/prompt', promptRoutes)
  .route('/api/generations', generationRoutes)
  .route('/api/generations', editRoutes)
  .route('/api/generations', upscaleRoutes)
  .route('/api/generations', masterRoutes)
  .route('/api/projects', projectRoutes)
  .route('/api/downloads', downloadRoutes)
  .route('/api/gallery', galleryRoutes)
  .route('/api/likes', likeRoutes)
  .route('/api/payments', paymentRoutes)
  .route('/api/webhooks', webhookRoutes)
  .route('/api/realtime', realtimeRoutes)
  .route('/api/workspaces', workspaceRoutes)
  .route('/api/invitations', invitationRoutes)
  .route('/api/admin', adminRoutes)
  .route('/api/dev', devOutboxRoutes)
  .route('/api/test/preview-holds', previewHoldRoutes)
  .route('/api', reviewOwnerRoutes)
  .route('/api', boardRoutes)
  .route('/api/review', reviewerRoutes)
  .route('/media', mediaRoutes)
  .route('/', seoRoutes)
  .route('/', renderedRoutes);

app.notFound((c) => c.json(new AppError('not_found', generalMessages.notFound).toBody(), 404));

/** The one place where failures become the API's error shape. */
app.onError((error, c) => {
  const appError = toAppError(error);
  if (appError.status >= 500) console.error(error);
  for (const [name, value] of Object.entries(appError.headers ?? {})) c.header(name, value);
  return c.json(appError.toBody(), appError.status);
});

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException && error.status < 500) {
    // Hono raises these for malformed bodies (for example JSON that does not parse).
    const code = error.status === 413 ? 'payload_too_large' : 'invalid_request';
    return new AppError(code, error.message || generalMessages.invalidRequest);
  }
  return new AppError('internal', generalMessages.internal);
}

/** The error body of one status: the codes that map to it (shared/error-codes.ts), as `onError` builds it. */
type ErrorBodyOf<Status> = {
  error: { code: { [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends Status ? C : never }[ErrorCode]; message: string; field?: string };
};

/** Any route may also answer any status of the error table, with the error shape. */
type ErrorResponses = { [Status in (typeof ERROR_STATUS)[ErrorCode]]: { json: ErrorBodyOf<Status> } };

/** The API's contract: every route, its validated input, and each status's JSON body (errors included). */
export type Api = ApplyGlobalResponse<typeof app, ErrorResponses>;
