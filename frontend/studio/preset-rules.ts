/**
 * Presets beside the prompt as pure text edits (docs/decisions/0069-presets-in-the-prompt.md): a
 * preset is nothing but its words in the prompt, so what a group has chosen is read back from the
 * text — the user may edit or delete the words, and the chip follows. No DOM; tested in
 * tests/frontend/studio/preset-rules.test.ts.
 */
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { PRESET_GROUPS, type PresetGroup, type PresetOption } from '#shared/presets';
import type { ProjectBrief } from '#shared/project-types';

export type PresetGroupId = PresetGroup['id'];

/** Separates a preset's words from what comes before them. */
const JOIN = ', ';

export function presetGroup(id: PresetGroupId): PresetGroup | undefined {
  return PRESET_GROUPS.find((group) => group.id === id);
}

/** The group's option whose words stand in the prompt verbatim; null when none does. */
function activePreset(prompt: string, group: PresetGroup): PresetOption | null {
  return group.options.find((option) => prompt.includes(option.words)) ?? null;
}

/** Every group's active option, by group id. */
export function activePresets(prompt: string): Partial<Record<PresetGroupId, PresetOption>> {
  const active: Partial<Record<PresetGroupId, PresetOption>> = {};
  for (const group of PRESET_GROUPS) {
    const option = activePreset(prompt, group);
    if (option) active[group.id] = option;
  }
  return active;
}

/** The prompt with `words` added at its end: trailing punctuation and spaces give way to ", ". */
export function appendWords(prompt: string, words: string): string {
  const body = prompt.replace(/[\s,;:.]+$/, '');
  return body ? `${body}${JOIN}${words}` : words;
}

/** The prompt without one verbatim occurrence of `words` and the separator that joined them. */
export function removeWords(prompt: string, words: string): string {
  const at = prompt.indexOf(words);
  if (at < 0) return prompt;
  const before = prompt.slice(0, at);
  const after = prompt.slice(at + words.length);
  const joined = /[\s,;]*$/.exec(before)?.[0] ?? '';
  if (joined.includes(',') || before.trim() === '') {
    // Drop the separator in front ("…, words"), or, at the start, the one after ("words, …").
    const head = before.slice(0, before.length - joined.length);
    return head ? `${head}${after}` : after.replace(/^[\s,;]+/, '');
  }
  return `${before.trimEnd()}${after.replace(/^[\s,;]+/, ' ')}`.trimEnd();
}

export type PresetEdit = { ok: true; prompt: string } | { ok: false; reason: 'tooLong' };

/**
 * Chooses `option` of `group`: the words of the group's earlier choice are replaced where they
 * stand (one time of day, not two); otherwise the words join the end. Refused when the prompt
 * would grow past PROMPT_MAX_CHARS.
 */
export function choosePreset(prompt: string, group: PresetGroup, option: PresetOption): PresetEdit {
  const earlier = activePreset(prompt, group);
  let next: string;
  if (earlier?.id === option.id) next = prompt;
  else if (earlier) next = prompt.replace(earlier.words, option.words);
  else next = appendWords(prompt, option.words);
  if (next.length > PROMPT_MAX_CHARS && next.length > prompt.length) return { ok: false, reason: 'tooLong' };
  return { ok: true, prompt: next };
}

/** Clears the group's choice: its words leave the prompt when they still stand there verbatim. */
export function clearPreset(prompt: string, group: PresetGroup): string {
  const earlier = activePreset(prompt, group);
  return earlier ? removeWords(prompt, earlier.words) : prompt;
}

/** The brief fields that carry a preset group's words into every generation of a project. */
const BRIEF_GROUPS = { timeOfDay: 'timeOfDay', season: 'season' } as const satisfies Partial<Record<PresetGroupId, keyof ProjectBrief>>;

/** What a project's brief sets for a group: its option when the words are a preset's, else the brief's own text. */
export interface BriefPreset {
  label: string;
  option: PresetOption | null;
}

/** The brief's choice for a group (time of day, season), shown read-only beside the prompt; null when it sets none. */
export function briefPreset(brief: ProjectBrief | null | undefined, groupId: PresetGroupId): BriefPreset | null {
  const field = groupId in BRIEF_GROUPS ? BRIEF_GROUPS[groupId as keyof typeof BRIEF_GROUPS] : null;
  const value = field ? brief?.[field]?.trim() : undefined;
  if (!value) return null;
  const group = presetGroup(groupId);
  const lower = value.toLowerCase();
  const option = group?.options.find((candidate) => lower.includes(candidate.words.toLowerCase()) || lower === candidate.label.toLowerCase()) ?? null;
  return { label: option?.label ?? value, option };
}
