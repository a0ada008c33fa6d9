/**
 * Base64 by the runtime's own Uint8Array methods (the TC39 base64 proposal, in workerd), with no
 * binary string in between: a 4K answer's 30 MB of base64 would otherwise hold a 22 MB string
 * beside its bytes (docs/decisions/0089-print-resolution.md). ES2023's lib does not type them yet.
 */
interface WithBase64 {
  toBase64(): string;
}
interface FromBase64 {
  fromBase64(text: string): Uint8Array;
}

/** Standard base64, padded. */
export function toBase64(bytes: Uint8Array): string {
  return (bytes as Uint8Array & WithBase64).toBase64();
}

/** Bytes of standard base64 (white space allowed, padding optional); throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  return (Uint8Array as unknown as FromBase64).fromBase64(text);
}

/** URL-safe base64 without padding (RFC 4648 §5), for values that travel in a query. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
