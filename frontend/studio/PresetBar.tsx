import { PRESET_GROUPS, type PresetGroup, type PresetOption } from '#shared/presets';
import type { ProjectBrief } from '#shared/project-types';
import { notify } from '../shell/notices';
import { Icon, closeIcon } from '../ui/icons';
import { presetsIcon } from '../ui/tool-icons';
import { studioLabels } from './labels';
import { activePresets, briefPreset, choosePreset, clearPreset, type BriefPreset } from './preset-rules';
import { useStudio } from './store';
import './presets.css';

const PRESETS_ID = 'studio-presets';

/** The chip that shows and hides the preset row. */
export function PresetToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`studio-chip${open ? ' is-on' : ''}`}
      aria-expanded={open}
      aria-controls={PRESETS_ID}
      aria-label={studioLabels.presets}
      title={studioLabels.presets}
      onClick={onToggle}
    >
      <Icon path={presetsIcon} size={18} />
    </button>
  );
}

/** One group as a chip: a native menu (keyboard and touch for free) showing the chosen option, and a clear button. */
function PresetChip({ group, option }: { group: PresetGroup; option: PresetOption | null }) {
  const prompt = useStudio((state) => state.prompt);
  const setPrompt = useStudio((state) => state.setPrompt);
  const choose = (id: string) => {
    const picked = group.options.find((candidate) => candidate.id === id);
    if (!picked) return setPrompt(clearPreset(prompt, group));
    const edit = choosePreset(prompt, group, picked);
    if (edit.ok) setPrompt(edit.prompt);
    else notify(studioLabels.presetTooLong, { tone: 'error' });
  };
  return (
    <span className={`studio-preset${option ? ' is-on' : ''}`} data-group={group.id}>
      <select
        className="studio-preset-select"
        aria-label={studioLabels.presetChoice(group.label)}
        value={option?.id ?? ''}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="">{group.label}</option>
        {group.options.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.label}
          </option>
        ))}
      </select>
      {option && (
        <button type="button" className="studio-preset-clear" aria-label={studioLabels.clearPreset(group.label, option.label)} onClick={() => choose('')}>
          <Icon path={closeIcon} size={14} />
        </button>
      )}
    </span>
  );
}

/** A group the project's brief sets: read-only, its words reach every generation of the project. */
function BriefChip({ group, preset }: { group: PresetGroup; preset: BriefPreset }) {
  return (
    <span className="studio-preset is-brief" data-group={group.id} title={studioLabels.fromBriefTitle(group.label)}>
      <span className="visually-hidden">{group.label}: </span>
      <span className="studio-preset-text">{preset.label}</span>
      <span className="studio-preset-note">{studioLabels.fromBrief}</span>
    </span>
  );
}

/**
 * Presets beside the prompt (docs/decisions/0069-presets-in-the-prompt.md): one chip per group;
 * choosing adds the option's words to the prompt, where the user reads and edits them. What a
 * chip shows is read back from the prompt, so an edited prompt is always the truth.
 */
export function PresetBar({ brief }: { brief: ProjectBrief | null }) {
  const prompt = useStudio((state) => state.prompt);
  const active = activePresets(prompt);
  return (
    <div id={PRESETS_ID} className="studio-presets" role="group" aria-label={studioLabels.presetsGroup}>
      {PRESET_GROUPS.map((group) => {
        const fromBrief = briefPreset(brief, group.id);
        return fromBrief ? (
          <BriefChip key={group.id} group={group} preset={fromBrief} />
        ) : (
          <PresetChip key={group.id} group={group} option={active[group.id] ?? null} />
        );
      })}
    </div>
  );
}
