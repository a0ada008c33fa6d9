/**
 * Who may read a media key (docs/decisions/0012-one-bucket-signed-media.md): images of public
 * generations anyone; everything else its owner (Bearer token) or whoever holds a valid signed URL;
 * a workspace's logo only the latter (docs/decisions/0096-workspaces.md).
 * A generation's folder exists only while its generation does, or its job is still open: what a
 * closed job left behind, or a deleted generation, is a 404 to everyone (docs/decisions/0083).
 */
import type { Database } from '../db/client';
import { generationFolder } from './records';
import { OWNER_MEDIA_MAX_AGE_SECONDS, PUBLIC_MEDIA_MAX_AGE_SECONDS } from '../platform/limits';
import { generalMessages, generationRequestMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { IMMUTABLE_MAX_AGE_SECONDS } from '#shared/renditions';
import { checkMediaSignature, isFidelityMapKey, isLogoKey, parseMediaKey, parseRenditionName } from './urls';

export interface MediaRequest {
  key: string;
  exp: string | undefined;
  sig: string | undefined;
  /** Resolves the Bearer token's user id, or null without one; throws on a bad token. */
  viewerId: () => Promise<string | null>;
}

/** The Cache-Control an allowed read gets. */
export type MediaGrant = { cacheControl: string };

/**
 * A content-addressed rendition never changes under its key: browsers keep it a year without
 * asking again. Shared caches still keep it at most PUBLIC_MEDIA_MAX_AGE_SECONDS, then ask the
 * Worker, which refuses it once the generation is private
 * (docs/decisions/0041-immutable-public-renditions.md).
 */
function publicCacheControl(key: string): string {
  const immutable = parseRenditionName(key)?.hash;
  if (!immutable) return `public, max-age=${PUBLIC_MEDIA_MAX_AGE_SECONDS}`;
  return `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, s-maxage=${PUBLIC_MEDIA_MAX_AGE_SECONDS}, immutable`;
}

export async function authoriseMedia(
  deps: { db: Database; signingSecret: string; now?: () => number },
  request: MediaRequest,
): Promise<MediaGrant> {
  const now = deps.now?.() ?? Date.now();
  const forbidden = new AppError('forbidden', generationRequestMessages.mediaForbidden);
  if (isLogoKey(request.key)) return signedGrant(deps.signingSecret, request, now, forbidden);
  const parsed = parseMediaKey(request.key);
  if (!parsed || isFidelityMapKey(request.key)) throw forbidden;
  const folder = parsed.generationId ? await generationFolder(deps.db, parsed.generationId, parsed.userId) : null;
  if (folder && folder.visibility === null && !folder.jobOpen) throw new AppError('not_found', generalMessages.notFound);
  if (request.exp !== undefined || request.sig !== undefined) return signedGrant(deps.signingSecret, request, now, forbidden);
  if (folder?.visibility === 'public') {
    return { cacheControl: publicCacheControl(request.key) };
  }
  const viewer = await request.viewerId();
  if (viewer !== null && viewer === parsed.userId) return { cacheControl: `private, max-age=${OWNER_MEDIA_MAX_AGE_SECONDS}` };
  throw forbidden;
}

/** A read by a signed URL: allowed until it expires, never past it. */
async function signedGrant(secret: string, request: MediaRequest, now: number, unsigned: AppError): Promise<MediaGrant> {
  if (request.exp === undefined && request.sig === undefined) throw unsigned;
  const check = await checkMediaSignature(secret, request.key, request.exp ?? '', request.sig ?? '', now);
  if (check !== 'valid') throw new AppError('forbidden', generationRequestMessages.mediaLinkExpired);
  const remaining = Math.max(0, Number(request.exp) - Math.floor(now / 1000));
  return { cacheControl: `private, max-age=${remaining}` };
}
