import type { AppContext } from '../platform/context';
import { generalMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { makeRendition } from './renditions';

/**
 * Answers with one R2 object (ETag, conditional requests, ranges; platform notes), making a
 * rendition on its first request. The caller has decided who may read it and for how long.
 */
export async function serveMediaObject(c: AppContext, key: string, cacheControl: string): Promise<Response> {
  let object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers, range: c.req.raw.headers });
  // A rendition is made on its first request (docs/decisions/0100-renditions-on-first-request.md).
  object ??= await makeRendition({ db: c.var.db, media: c.env.MEDIA, images: c.env.IMAGES }, key);
  if (!object) throw new AppError('not_found', generalMessages.notFound);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', cacheControl);
  headers.set('Accept-Ranges', 'bytes');
  if (cacheControl.startsWith('private')) headers.set('Vary', 'Authorization');
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  const range = c.req.header('Range') ? rangeHeader(object) : null;
  if (range) headers.set('Content-Range', range);
  return new Response(object.body, { status: range ? 206 : 200, headers });
}

function rangeHeader(object: R2ObjectBody): string | null {
  const range = object.range;
  if (!range) return null;
  const size = object.size;
  // workerd's range object carries every field, unset ones as undefined.
  const { offset, length, suffix } = range as { offset?: number; length?: number; suffix?: number };
  const start = suffix !== undefined ? Math.max(0, size - suffix) : (offset ?? 0);
  const end = suffix === undefined && length !== undefined ? start + length - 1 : size - 1;
  // R2 reports a range even for a plain read; only a partial one is a 206.
  return start === 0 && end === size - 1 ? null : `bytes ${start}-${end}/${size}`;
}
