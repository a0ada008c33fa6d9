import { Hono } from 'hono';
import { userFromToken } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { authoriseMedia } from './access';
import { serveMediaObject } from './serve';

function mediaKey(c: AppContext): string {
  const path = new URL(c.req.url).pathname.replace(/^\/media\//, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}

async function viewerId(c: AppContext): Promise<string | null> {
  const token = c.req.header('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return token ? (await userFromToken(c, token)).id : null;
}

/** Serves R2 objects to whoever authoriseMedia lets read them. */
export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = mediaKey(c);
  const grant = await authoriseMedia(
    { db: c.var.db, signingSecret: c.env.MEDIA_SIGNING_SECRET },
    { key, exp: c.req.query('exp'), sig: c.req.query('sig'), viewerId: () => viewerId(c) },
  );
  return serveMediaObject(c, key, grant.cacheControl);
});
