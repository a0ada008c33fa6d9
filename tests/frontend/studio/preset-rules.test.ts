import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { PRESET_GROUPS, SEASON_PRESETS, TIME_OF_DAY_PRESETS } from '#shared/presets';
import {
  activePresets,
  appendWords,
  briefPreset,
  choosePreset,
  clearPreset,
  presetGroup,
  removeWords,
} from '../../../frontend/studio/preset-rules';

const time = presetGroup('timeOfDay')!;
const season = presetGroup('season')!;
const [dawn, , , golden, , , night] = TIME_OF_DAY_PRESETS;
const monsoon = SEASON_PRESETS.find((option) => option.id === 'monsoon')!;

function chosen(prompt: string, ...steps: [typeof time, (typeof time.options)[number]][]): string {
  return steps.reduce((text, [group, option]) => {
    const edit = choosePreset(text, group, option);
    if (!edit.ok) throw new Error('refused');
    return edit.prompt;
  }, prompt);
}

describe('a preset adds well-formed words to the prompt', () => {
  it('joins the words to the end with a comma, whatever the prompt ended with', () => {
    expect(appendWords('A brick library', 'at dawn')).toBe('A brick library, at dawn');
    expect(appendWords('A brick library.  ', 'at dawn')).toBe('A brick library, at dawn');
    expect(appendWords('A brick library,', 'at dawn')).toBe('A brick library, at dawn');
    expect(appendWords('   ', 'at dawn')).toBe('at dawn');
  });

  it('replaces the words of the same group instead of stacking two times of day', () => {
    const once = chosen('A brick library', [time, golden]);
    expect(once).toBe(`A brick library, ${golden.words}`);
    const twice = chosen(once, [time, night]);
    expect(twice).toBe(`A brick library, ${night.words}`);
    expect(twice).not.toContain(golden.words);
  });

  it('keeps the other groups and the user’s own words where they stand', () => {
    const text = chosen('A brick library', [time, dawn], [season, monsoon]);
    const edited = `${text}, with a reading garden`;
    const changed = chosen(edited, [time, night]);
    expect(changed).toBe(`A brick library, ${night.words}, ${monsoon.words}, with a reading garden`);
  });

  it('reads what each group has chosen back from the text, so edits are followed', () => {
    const text = chosen('A brick library', [time, golden], [season, monsoon]);
    expect(activePresets(text)).toEqual({ timeOfDay: golden, season: monsoon });
    // The user rewrote the words: the chip no longer claims them.
    expect(activePresets(text.replace('warm low sunlight', 'warm light'))).toEqual({ season: monsoon });
  });

  it('clears a choice by removing its words and their separator, wherever they stand', () => {
    const text = chosen('A brick library', [time, golden], [season, monsoon]);
    expect(clearPreset(text, time)).toBe(`A brick library, ${monsoon.words}`);
    expect(clearPreset(text, season)).toBe(`A brick library, ${golden.words}`);
    expect(clearPreset(golden.words, time)).toBe('');
    expect(removeWords(`${golden.words}, a library`, golden.words)).toBe('a library');
    expect(removeWords(`a library ${golden.words} today`, golden.words)).toBe('a library today');
    // Words no longer there verbatim stay as the user wrote them.
    expect(clearPreset('A library at golden hour', time)).toBe('A library at golden hour');
  });

  it('refuses a preset that would take the prompt past the character limit', () => {
    const long = 'a'.repeat(PROMPT_MAX_CHARS - 10);
    expect(choosePreset(long, time, golden)).toEqual({ ok: false, reason: 'tooLong' });
    expect(choosePreset('a'.repeat(PROMPT_MAX_CHARS - golden.words.length - 2), time, golden).ok).toBe(true);
  });

  it('has no preset whose words hide inside another’s, so reading them back is unambiguous', () => {
    const words = PRESET_GROUPS.flatMap((group) => group.options.map((option) => option.words));
    for (const a of words) for (const b of words) if (a !== b) expect(b.includes(a)).toBe(false);
  });
});

describe('a project brief’s presets', () => {
  it('name the preset whose words the brief carries, else the brief’s own text', () => {
    expect(briefPreset({ timeOfDay: golden.words }, 'timeOfDay')).toEqual({ label: 'Golden hour', option: golden });
    expect(briefPreset({ season: 'Monsoon overcast' }, 'season')).toEqual({ label: 'Monsoon overcast', option: monsoon });
    expect(briefPreset({ season: 'late monsoon haze' }, 'season')).toEqual({ label: 'late monsoon haze', option: null });
    expect(briefPreset({ timeOfDay: '  ' }, 'timeOfDay')).toBeNull();
    expect(briefPreset({ timeOfDay: golden.words }, 'camera')).toBeNull();
    expect(briefPreset(null, 'season')).toBeNull();
  });
});
