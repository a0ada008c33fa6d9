/** Small WebCrypto helpers shared by passwords, sessions, signed media URLs and payments. */

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return Array.from(view, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A uniform random integer in 0 … 2^31 − 1 (seeds, shuffle keys). */
export function random31(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) >>> 1;
}

export function randomToken(length = 32): string {
  return toBase64Url(randomBytes(length));
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function hmacSha256Hex(secret: string, message: string | Uint8Array): Promise<string> {
  const data = typeof message === 'string' ? encoder.encode(message) : message;
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), data));
}

/** Checks a hex HMAC-SHA256 in constant time (WebCrypto's verify). */
export async function verifyHmacSha256Hex(
  secret: string,
  message: string | Uint8Array,
  signatureHex: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signatureHex)) return false;
  const signature = Uint8Array.from(signatureHex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  const data = typeof message === 'string' ? encoder.encode(message) : message;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, data);
}

/** Constant-time comparison of two byte strings of any length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) {
    // Compare against itself so the time taken does not depend on where they differ.
    crypto.subtle.timingSafeEqual(a, a);
    return false;
  }
  return crypto.subtle.timingSafeEqual(a, b);
}

/** Pieces of canonical JSON this long or longer go to the digest on their own. */
const DIGEST_PIECE_CHARS = 64 * 1024;

/**
 * The pieces of a value's canonical JSON: object keys sorted at every depth (undefined members
 * left out, as JSON.stringify does), so equal values give equal text whatever order their keys
 * came in.
 */
function* canonicalJsonPieces(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
    yield '[';
    for (const [index, item] of value.entries()) {
      if (index > 0) yield ',';
      yield* canonicalJsonPieces(item === undefined ? null : item);
    }
    yield ']';
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, member]) => member !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    yield '{';
    for (const [index, [key, member]] of entries.entries()) {
      yield `${index > 0 ? ',' : ''}${JSON.stringify(key)}:`;
      yield* canonicalJsonPieces(member);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

/**
 * SHA-256 (hex) of a value's canonical JSON, streamed through a DigestStream piece by piece: a
 * body holding megabytes of base64 images is never copied whole into one string (the isolate has
 * 128 MB). Used to tell whether a repeated Idempotency-Key comes with the same request.
 */
export async function canonicalSha256Hex(value: unknown): Promise<string> {
  const stream = new crypto.DigestStream('SHA-256');
  const writer = stream.getWriter();
  let pending = '';
  for (const piece of canonicalJsonPieces(value)) {
    pending += piece;
    if (pending.length >= DIGEST_PIECE_CHARS) {
      await writer.write(encoder.encode(pending));
      pending = '';
    }
  }
  await writer.write(encoder.encode(pending));
  await writer.close();
  return toHex(await stream.digest);
}
