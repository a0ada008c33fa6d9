/**
 * What the studio says about its connection, as a pure rule: offline (the browser has no
 * network), the live channel down (no job updates arrive), or back — said for a few seconds once
 * both work again after either. Nothing is said while the first connection is still opening.
 */
import type { LiveStatus } from '../realtime/store';

export type ConnectionNotice = 'none' | 'offline' | 'liveDown' | 'back';

export function nextConnectionNotice(previous: ConnectionNotice, online: boolean, live: LiveStatus): ConnectionNotice {
  if (!online) return 'offline';
  if (live === 'down') return 'liveDown';
  const wasCut = previous === 'offline' || previous === 'liveDown';
  // Back online with the socket still reopening: keep saying it is on its way back.
  if (wasCut && live === 'connecting') return 'liveDown';
  if (wasCut) return 'back';
  return previous === 'back' ? 'back' : 'none';
}
