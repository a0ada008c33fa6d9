import { describe, expect, it } from 'vitest';
import { BRIEF_FIELD_MAX_CHARS, COMPARE_MAX_ITEMS } from '#shared/limits';
import {
  branchHref, briefChanged, briefCounter, briefFromDraft, canCompare, cleanName, draftFromBrief, presetGroupFor, studioHref, toggleCompare,
} from '../../../frontend/projects/rules';

describe('the project screens’ links', () => {
  it('open the studio of the user’s plan with the project open', () => {
    expect(studioHref('free', 'p1')).toBe('/startfree?project=p1');
    expect(studioHref('pro', 'p 1')).toBe('/generate?project=p+1');
  });

  it('branch from an image: the project and the selected image as <generationId>.<imageIndex>', () => {
    expect(branchHref('enterprise', 'p1', 'g9', 2)).toBe('/generate?project=p1&parent=g9.2');
    expect(branchHref('free', 'p1', 'g9')).toBe('/startfree?project=p1&parent=g9.0');
  });
});

describe('the compare selection', () => {
  it('toggles an id and never holds more than the compare screen takes', () => {
    let selected: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) selected = toggleCompare(selected, id);
    expect(selected).toHaveLength(COMPARE_MAX_ITEMS);
    expect(selected).not.toContain('e');
    expect(toggleCompare(selected, 'b')).toEqual(['a', 'c', 'd']);
  });

  it('can compare two to four', () => {
    expect(canCompare(['a'])).toBe(false);
    expect(canCompare(['a', 'b'])).toBe(true);
    expect(canCompare(['a', 'b', 'c', 'd'])).toBe(true);
  });
});

describe('the brief panel', () => {
  it('shows a field’s counter only near the cap', () => {
    expect(briefCounter('short')).toBeNull();
    expect(briefCounter('x'.repeat(400))).toBe(`400 / ${BRIEF_FIELD_MAX_CHARS}`);
  });

  it('saves trimmed fields and leaves empty ones out', () => {
    const draft = { ...draftFromBrief({}), summary: '  A library  ', season: '   ' };
    expect(briefFromDraft(draft)).toEqual({ summary: 'A library' });
  });

  it('knows when a draft changes the brief', () => {
    const saved = { summary: 'A library', season: 'in winter' };
    expect(briefChanged(saved, draftFromBrief(saved))).toBe(false);
    expect(briefChanged(saved, { ...draftFromBrief(saved), season: 'in winter ' })).toBe(false);
    expect(briefChanged(saved, { ...draftFromBrief(saved), site: 'a hill' })).toBe(true);
  });

  it('offers presets for time of day, season and materials only', () => {
    expect(presetGroupFor('timeOfDay')?.options.map((option) => option.label)).toContain('Blue hour');
    expect(presetGroupFor('season')?.options.map((option) => option.label)).toContain('Monsoon overcast');
    expect(presetGroupFor('materials')?.options.length).toBeGreaterThan(0);
    expect(presetGroupFor('summary')).toBeUndefined();
    expect(presetGroupFor('site')).toBeUndefined();
  });
});

describe('project names', () => {
  it('are trimmed, and an empty one is refused', () => {
    expect(cleanName('  Riverside   library ')).toBe('Riverside library');
    expect(cleanName('   ')).toBeNull();
  });
});
