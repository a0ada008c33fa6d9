/**
 * The one place that builds and checks media URLs. Every feature that shows a stored image
 * (studio, gallery, dashboard, likes) calls these; nothing else knows the signature format.
 */
import type { GeneratedImage } from '#shared/api-types';
import type { ViewFidelity } from '#shared/drawing-inputs';
import type { StoredFidelity, StoredImage, StoredRendition } from '#shared/generation-types';
import { renditionHeight, renditionWidths } from '#shared/renditions';
import { SIGNED_URL_STEP_SECONDS, SIGNED_URL_TTL_SECONDS } from '../platform/limits';
import { hmacSha256Hex, verifyHmacSha256Hex } from '../platform/crypto';

const MEDIA_PREFIX = '/media/';

export type Visibility = 'public' | 'private';

/** What the signature covers: the key and its expiry, so neither can be changed. */
function signedMessage(key: string, exp: number): string {
  return `${key}\n${exp}`;
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** Expiry on a fixed grid (see SIGNED_URL_STEP_SECONDS): same URL for a while, lifetime ≤ 7200 s. */
export function signedExpiry(nowMs: number): number {
  const nowSeconds = Math.floor(nowMs / 1000);
  return Math.floor(nowSeconds / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS + SIGNED_URL_TTL_SECONDS;
}

/** `/media/{key}?exp=&sig=`: lets anyone holding it read the object until `exp`. */
export async function signedMediaUrl(secret: string, key: string, nowMs = Date.now()): Promise<string> {
  const exp = signedExpiry(nowMs);
  const sig = await hmacSha256Hex(secret, signedMessage(key, exp));
  return `${MEDIA_PREFIX}${encodeKey(key)}?exp=${exp}&sig=${sig}`;
}

/** `/media/{key}`: for images of public generations, served to anyone and cached long. */
function publicMediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${encodeKey(key)}`;
}

/** The URL to hand out for a key: plain when public, signed otherwise. */
export async function mediaUrl(
  secret: string,
  key: string,
  visibility: Visibility,
  nowMs = Date.now(),
): Promise<string> {
  return visibility === 'public' ? publicMediaUrl(key) : signedMediaUrl(secret, key, nowMs);
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Checks `?exp=&sig=` for a key; verification is constant-time (WebCrypto). */
export async function checkMediaSignature(
  secret: string,
  key: string,
  exp: string,
  sig: string,
  nowMs = Date.now(),
): Promise<SignatureCheck> {
  if (!/^\d{1,12}$/.test(exp)) return 'invalid';
  const expiry = Number(exp);
  if (!(await verifyHmacSha256Hex(secret, signedMessage(key, expiry), sig))) return 'invalid';
  return expiry * 1000 > nowMs ? 'valid' : 'expired';
}

/** The ladder's keys: the stored ones, or pending keys (made on first request) for an older row. */
function renditionKeys(image: StoredImage, owner: { userId: string; generationId: string }, index: number): StoredRendition[] {
  if (image.renditions && image.renditions.length > 0) return image.renditions;
  return renditionWidths(image.width).map((width) => ({
    key: mediaKeys.pendingRendition(owner.userId, owner.generationId, index, width),
    width,
    height: renditionHeight(image, width),
  }));
}

/** A stored image as the app shows it: full, thumbnail and rendition URLs, size, placeholder. */
export async function presentStoredImage(
  secret: string,
  image: StoredImage,
  index: number,
  visibility: Visibility,
  nowMs = Date.now(),
): Promise<GeneratedImage> {
  const owner = parseMediaKey(image.key);
  const ladder = owner?.generationId ? renditionKeys(image, { userId: owner.userId, generationId: owner.generationId }, index) : [];
  const [url, thumbnailUrl, renditions] = await Promise.all([
    mediaUrl(secret, image.key, visibility, nowMs),
    mediaUrl(secret, image.thumbKey, visibility, nowMs),
    Promise.all(
      ladder.map(async (rendition) => ({
        url: await mediaUrl(secret, rendition.key, visibility, nowMs),
        width: rendition.width,
        height: rendition.height,
      })),
    ),
  ]);
  const fidelity = image.fidelity ? await presentFidelity(secret, image.fidelity, visibility, nowMs) : undefined;
  return {
    renditions,
    url,
    thumbnailUrl,
    storagePath: image.key,
    seed: image.seed,
    index,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    ...(image.thoughtSignature ? { thoughtSignature: image.thoughtSignature } : {}),
    ...(fidelity ? { fidelity } : {}),
  };
}

/** A view's fidelity as the app receives it: its score, and the alternate render's URLs after a re-render. */
async function presentFidelity(secret: string, stored: StoredFidelity, visibility: Visibility, nowMs = Date.now()): Promise<ViewFidelity> {
  const { alternate } = stored;
  if (!alternate) return { score: stored.score, retried: stored.retried };
  const [url, thumbnailUrl] = await Promise.all([
    mediaUrl(secret, alternate.image.key, visibility, nowMs),
    mediaUrl(secret, alternate.image.thumbKey, visibility, nowMs),
  ]);
  return {
    score: stored.score,
    retried: stored.retried,
    alternate: { score: alternate.score, url, thumbnailUrl, width: alternate.image.width, height: alternate.image.height },
  };
}

const FIDELITY_MAP_SUFFIX = '-fidelity.png';

function attemptSuffix(attempt: number): string {
  return attempt > 1 ? `-r${attempt}` : '';
}

/**
 * A fidelity map shows the lines of the input, a private reference: only its owner and a review
 * link's viewer get it, through their routes, never through /media (even of a public generation).
 */
export function isFidelityMapKey(key: string): boolean {
  return key.endsWith(FIDELITY_MAP_SUFFIX);
}

/** R2 key layout, built only here (docs/decisions/0012-one-bucket-signed-media.md). */
export const mediaKeys = {
  referencePrefix: (userId: string) => `references/${userId}/`,
  reference: (userId: string, id: string, ext: string) => `references/${userId}/${id}.${ext}`,
  generationPrefix: (userId: string, generationId: string) => `generations/${userId}/${generationId}/`,
  /** `attempt` 2 is a view's re-render for its geometry (docs/decisions/0086): its own keys, never the first's. */
  image: (userId: string, generationId: string, index: number, attempt = 1) =>
    `generations/${userId}/${generationId}/${index}${attemptSuffix(attempt)}.jpg`,
  thumbnail: (userId: string, generationId: string, index: number, attempt = 1) =>
    `generations/${userId}/${generationId}/${index}${attemptSuffix(attempt)}-thumb.jpg`,
  /** The fidelity map (PNG) of an attempt of a view: never served by /media (isFidelityMapKey). */
  fidelityMap: (userId: string, generationId: string, index: number, attempt = 1) =>
    `generations/${userId}/${generationId}/${index}${attemptSuffix(attempt)}${FIDELITY_MAP_SUFFIX}`,
  /** A job's input images and history while it runs; never served (parseMediaKey refuses it). */
  jobInput: (userId: string, generationId: string) => `jobs/${userId}/${generationId}/input.json`,
  /** Content-addressed: `hash` is of the bytes, so the key never names other bytes (immutable). */
  rendition: (userId: string, generationId: string, index: number, width: number, hash: string) =>
    `generations/${userId}/${generationId}/${index}-${width}w-${hash}.webp`,
  /** A rendition not made yet (rows older than the ladder): its first request makes it. */
  pendingRendition: (userId: string, generationId: string, index: number, width: number) =>
    `generations/${userId}/${generationId}/${index}-${width}w.webp`,
  /**
   * The lossless master (docs/decisions/0084-region-edit.md): beside the image, so deleting the
   * generation's folder deletes it, but never served by /media (parseMediaKey refuses it).
   */
  master: (userId: string, generationId: string, index: number, attempt = 1) =>
    `generations/${userId}/${generationId}/${index}${attemptSuffix(attempt)}-master.png`,
  /** The mask of the region edit that made the generation (white: edited), served like its images. */
  editMask: (userId: string, generationId: string) => `generations/${userId}/${generationId}/edit-mask.png`,
  /** A workspace's logo (docs/decisions/0096-workspaces.md): served only through a signed URL. */
  workspaceLogo: (workspaceId: string, id: string, ext: string) => `logos/${workspaceId}/${id}.${ext}`,
};

/** Whether a key names a workspace's logo: /media serves it to a valid signature only. */
export function isLogoKey(key: string): boolean {
  return /^logos\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9-]{1,64}\.(png|jpg|webp)$/.test(key);
}

/** Whether a key names a lossless master: only the master route reads those, never /media. */
function isMasterKey(key: string): boolean {
  return /\/\d{1,2}(-r\d)?-master\.png$/.test(key);
}

/** A rendition's key name: which image, how wide, and its content hash (null while pending). */
export function parseRenditionName(key: string): { index: number; width: number; hash: string | null } | null {
  const match = /\/(\d{1,2})-(\d{1,5})w(?:-([0-9a-f]{16}))?\.webp$/.exec(key);
  if (!match) return null;
  return { index: Number(match[1]), width: Number(match[2]), hash: match[3] ?? null };
}

/**
 * Splits a media key into its kind, owner and (for generations) generation id; null if foreign,
 * and for a master, which no media URL, reference or signature may ever name.
 */
export function parseMediaKey(
  key: string,
): { kind: 'references' | 'generations'; userId: string; generationId: string | null } | null {
  const parts = key.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  if (isMasterKey(key)) return null;
  const [kind, userId, generationId] = parts;
  if (userId === undefined) return null;
  if (kind === 'references' && parts.length === 3) return { kind, userId, generationId: null };
  if (kind === 'generations' && parts.length === 4 && generationId !== undefined) return { kind, userId, generationId };
  return null;
}
