import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../frontend/projects/relative-time';

const now = Date.parse('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relative time', () => {
  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(ago(2 * 3_600_000 + 59 * 60_000), now)).toBe('2 h ago');
    expect(relativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('gives the date past a week, with the year only when it differs', () => {
    expect(relativeTime('2026-11-02T10:00:00.000Z', now)).toBe('Nov 2');
    expect(relativeTime('2025-12-30T10:00:00.000Z', now)).toBe('Dec 30, 2025');
  });

  it('says just now for a time slightly ahead, and keeps an unreadable value', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
    expect(relativeTime('soon', now)).toBe('soon');
  });
});
