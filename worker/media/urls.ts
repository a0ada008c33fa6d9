/**
 * The one place that builds and checks media URLs. Every feature that shows a stored image
 * (studio, gallery, dashboard, likes) calls these; nothing else knows the signature format.
 */
import type { GeneratedImage } from '#shared/api-types';
import type { StoredImage } from '#shared/generation-types';
import { SIGNED_URL_STEP_SECONDS, SIGNED_URL_TTL_SECONDS } from '#shared/limits';
import { hmacSha256Hex, verifyHmacSha256Hex } from '../platform/crypto';

export const MEDIA_PREFIX = '/media/';

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
export function publicMediaUrl(key: string): string {
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

/** A stored image as the app shows it: full and thumbnail URLs, size, placeholder. */
export async function presentStoredImage(
  secret: string,
  image: StoredImage,
  index: number,
  visibility: Visibility,
  nowMs = Date.now(),
): Promise<GeneratedImage> {
  const [url, thumbnailUrl] = await Promise.all([
    mediaUrl(secret, image.key, visibility, nowMs),
    mediaUrl(secret, image.thumbKey, visibility, nowMs),
  ]);
  return {
    url,
    thumbnailUrl,
    storagePath: image.key,
    seed: image.seed,
    index,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    ...(image.thoughtSignature ? { thoughtSignature: image.thoughtSignature } : {}),
  };
}

/** R2 key layout, built only here (docs/decisions/0012-one-bucket-signed-media.md). */
export const mediaKeys = {
  referencePrefix: (userId: string) => `references/${userId}/`,
  reference: (userId: string, id: string, ext: string) => `references/${userId}/${id}.${ext}`,
  generationPrefix: (userId: string, generationId: string) => `generations/${userId}/${generationId}/`,
  image: (userId: string, generationId: string, index: number) =>
    `generations/${userId}/${generationId}/${index}.jpg`,
  thumbnail: (userId: string, generationId: string, index: number) =>
    `generations/${userId}/${generationId}/${index}-thumb.jpg`,
  /** A job's input images and history while it runs; never served (parseMediaKey refuses it). */
  jobInput: (userId: string, generationId: string) => `jobs/${userId}/${generationId}/input.json`,
};

/** Splits a media key into its kind, owner and (for generations) generation id; null if foreign. */
export function parseMediaKey(
  key: string,
): { kind: 'references' | 'generations'; userId: string; generationId: string | null } | null {
  const parts = key.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  const [kind, userId, generationId] = parts;
  if (userId === undefined) return null;
  if (kind === 'references' && parts.length === 3) return { kind, userId, generationId: null };
  if (kind === 'generations' && parts.length === 4 && generationId !== undefined) return { kind, userId, generationId };
  return null;
}
