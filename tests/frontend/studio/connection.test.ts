import { describe, expect, it } from 'vitest';
import { nextConnectionNotice, type ConnectionNotice } from '../../../frontend/studio/connection';
import type { LiveStatus } from '../../../frontend/realtime/store';

/** The notices a run of (online, live) readings produces, each from the one before. */
function run(readings: [boolean, LiveStatus][]): ConnectionNotice[] {
  let notice: ConnectionNotice = 'none';
  return readings.map(([online, live]) => (notice = nextConnectionNotice(notice, online, live)));
}

describe('the connection notice', () => {
  it('says nothing while the first connection opens and once it is open', () => {
    expect(run([[true, 'idle'], [true, 'connecting'], [true, 'open']])).toEqual(['none', 'none', 'none']);
  });

  it('says the live channel dropped, keeps saying so while it reconnects, then that it is back', () => {
    expect(run([[true, 'open'], [true, 'down'], [true, 'down'], [true, 'open'], [true, 'open']])).toEqual(['none', 'liveDown', 'liveDown', 'back', 'back']);
  });

  it('says offline first, whatever the socket thinks, and back once both work again', () => {
    expect(run([[true, 'open'], [false, 'open'], [false, 'down'], [true, 'connecting'], [true, 'open']])).toEqual([
      'none',
      'offline',
      'offline',
      'liveDown',
      'back',
    ]);
    // Back online with the socket that never noticed: back at once.
    expect(run([[false, 'open'], [true, 'open']])).toEqual(['offline', 'back']);
  });
});
