/**
 * Review link tokens: 32 random bytes, base64url, shown once; D1 keeps only their SHA-256, as it
 * does for refresh tokens (docs/decisions/0071-review-links.md).
 */
import { reviewPath } from '#shared/review-types';
import { randomToken, sha256Hex } from '../platform/crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function newReviewToken(): Promise<{ token: string; hash: string }> {
  const token = randomToken(TOKEN_BYTES);
  return { token, hash: await hashReviewToken(token) };
}

export function hashReviewToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** A token of any other shape was never issued: it is refused before D1 is asked. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function reviewUrl(origin: string, token: string): string {
  return `${origin}${reviewPath(token)}`;
}
