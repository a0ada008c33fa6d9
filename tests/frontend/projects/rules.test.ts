import { describe, expect, it } from 'vitest';
import { BRIEF_FIELD_MAX_CHARS, COMPARE_MAX_ITEMS } from '#shared/limits';
import {
  branchHref, briefChanged, briefPatch, briefCounter, briefFromDraft, canCompare, cleanName, coverShare, draftFromBrief, presetGroupFor, projectJobs, studioHref, toggleCompare, treeImageSizes,
} from '../../../frontend/projects/rules';
import { job } from '../studio/job-fixtures';

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

describe('the project’s jobs', () => {
  it('are those made in the project or from one of its versions (an edit, a refinement)', () => {
    const jobs = [
      job('in', ['waiting'], { projectId: 'p1' }),
      job('edit', ['generating'], { parentId: 'g1' }),
      job('elsewhere', ['waiting'], { projectId: 'p2', parentId: 'g9' }),
      job('loose', ['waiting']),
    ];
    expect(projectJobs(jobs, 'p1', new Set(['g1', 'g2'])).map((entry) => entry.id)).toEqual(['in', 'edit']);
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

  it('sends every field, an emptied one as an empty string so the Worker clears it', () => {
    const draft = { ...draftFromBrief({ summary: 'A library', site: 'a hill' }), site: '' };
    expect(briefPatch(draft)).toEqual({ summary: 'A library', materials: '', palette: '', site: '', timeOfDay: '', season: '' });
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

describe('a covering image’s share of its frame', () => {
  it('is the frame for a taller image, and wider for a wider one', () => {
    expect(coverShare({ width: 768, height: 1024 }, 4 / 3)).toBe(1);
    expect(coverShare({ width: 1024, height: 768 }, 4 / 3)).toBeCloseTo(1);
    expect(coverShare({ width: 1600, height: 900 }, 4 / 3)).toBeCloseTo(4 / 3);
  });
});

describe('a tree node image’s sizes', () => {
  it('names the node’s width at both layouts, wider for a wide image', () => {
    expect(treeImageSizes()).toBe('(max-width: 767px) 168px, 216px');
    expect(treeImageSizes(4 / 3)).toBe('(max-width: 767px) 224px, 288px');
  });
});
