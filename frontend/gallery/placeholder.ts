import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

/** The ThumbHash placeholder as a data URL (memoised: grids re-render often); '' when unreadable. */
export function placeholderDataUrl(base64: string): string {
  const cached = cache.get(base64);
  if (cached !== undefined) return cached;
  let url = '';
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
  } catch {
    url = '';
  }
  cache.set(base64, url);
  return url;
}
