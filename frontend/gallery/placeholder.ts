import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

/** The ThumbHash placeholder as a data URL (memoised: grids re-render often); '' when unreadable. */
export function placeholderDataUrl(base64: string): string {
  const cached = cache.get(base64);
  if (cached !== undefined) return cached;
  const url = decode(base64);
  cache.set(base64, url);
  return url;
}

/** The placeholder when it has been decoded already, else undefined (no decode here). */
export function decodedPlaceholder(base64: string): string | undefined {
  return cache.get(base64);
}

function decode(base64: string): string {
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}
