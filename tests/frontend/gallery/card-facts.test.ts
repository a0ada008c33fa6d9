import { describe, expect, it } from 'vitest';
import { cardMeta } from '../../../frontend/dashboard/card-meta';
import { highlightedPlan } from '../../../frontend/pricing/plans';

describe('dashboard card facts', () => {
  it('give the date, the model and who can see it, with a name that explains the badge', () => {
    expect(cardMeta({ createdAt: '2026-11-22T21:13:00.000Z', model: 'Concept', visibility: 'private' })).toEqual({
      dateTime: '2026-11-22T21:13:00.000Z',
      date: 'Nov 22, 2026',
      model: 'Concept',
      visibility: 'Private',
      visibilityLabel: 'Private: only you can see it',
    });
    expect(cardMeta({ createdAt: '2026-01-02T00:00:00.000Z', model: 'Fast', visibility: 'public' })).toMatchObject({ visibility: 'Public', date: 'Jan 2, 2026' });
  });

  it('keep an unreadable date as it came', () => {
    expect(cardMeta({ createdAt: 'soon', model: 'Fast', visibility: 'public' }).date).toBe('soon');
  });
});

describe('the highlighted pricing card', () => {
  it('is a paying member’s own plan, never Pro for an enterprise member', () => {
    expect(highlightedPlan('pro', 'enterprise')).toBe('enterprise');
    expect(highlightedPlan('free', 'pro')).toBe('pro');
  });

  it('is the plan the link asked for, for a free member or a visitor', () => {
    expect(highlightedPlan('pro', 'free')).toBe('pro');
    expect(highlightedPlan('pro', undefined)).toBe('pro');
    expect(highlightedPlan('enterprise', undefined)).toBe('enterprise');
  });
});
