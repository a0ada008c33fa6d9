import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createDatabase } from './db/client';
import { generalMessages } from '#shared/messages';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { AppError } from './platform/errors';
import type { AppEnv } from './platform/context';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { galleryRoutes } from './gallery/routes';
import { generateRoutes } from './studio/generate-routes';
import { generationRoutes } from './library/routes';
import { healthRoutes } from './platform/health-routes';
import { likeRoutes } from './gallery/like-routes';
import { meRoutes } from './auth/me-routes';
import { mediaRoutes } from './media/routes';
import { paymentRoutes } from './payments/routes';
import { promptRoutes } from './studio/prompt-routes';
import { realtimeRoutes } from './realtime/routes';
import { uploadRoutes } from './studio/upload-routes';
import { webhookRoutes } from './payments/webhook-routes';

export const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  c.set('db', createDatabase(c.env.DB));
  c.set('user', null);
  await next();
  if (c.res.status === 101) return;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
});

app.route('/api/auth', authRoutes);
app.route('/api/me', meRoutes);
app.route('/api/health', healthRoutes);
app.route('/api/generate', generateRoutes);
app.route('/api/uploads', uploadRoutes);
app.route('/api/prompt', promptRoutes);
app.route('/api/generations', generationRoutes);
app.route('/api/gallery', galleryRoutes);
app.route('/api/likes', likeRoutes);
app.route('/api/payments', paymentRoutes);
app.route('/api/webhooks', webhookRoutes);
app.route('/api/realtime', realtimeRoutes);
app.route('/api/admin', adminRoutes);
app.route('/media', mediaRoutes);

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

export type App = typeof app;
