import { useState, type FormEvent } from 'react';
import { BRIEF_FIELDS, type BriefField } from '#shared/project-types';
import { BRIEF_FIELD_MAX_CHARS } from '#shared/limits';
import { briefPromptAddition } from '#shared/brief';
import { srcsetOf } from '#shared/renditions';
import type { ProjectDetail } from '../api/projects';
import { useUpdateProject } from '../queries/projects';
import { useSpaceCan } from '../workspaces/hooks';
import { briefFieldLabels, projectUiMessages } from './copy';
import './brief-panel.css';
import { briefChanged, briefCounter, briefFromDraft, briefPatch, draftFromBrief, presetGroupFor } from './rules';

interface FieldProps {
  field: BriefField;
  value: string;
  onChange: (value: string) => void;
}

/** One field of the brief: a text area capped at BRIEF_FIELD_MAX_CHARS, its presets (if any) as chips that fill it. */
function BriefFieldInput({ field, value, onChange }: FieldProps) {
  const { label, placeholder } = briefFieldLabels[field];
  const group = presetGroupFor(field);
  const counter = briefCounter(value);
  const id = `brief-${field}`;
  return (
    <div className="brief-field">
      <label htmlFor={id}>{label}</label>
      {group && (
        <div className="brief-presets" role="group" aria-label={projectUiMessages.presetsFor(label)}>
          {group.options.map((option) => (
            <button key={option.id} type="button" className="brief-preset" aria-pressed={value.trim() === option.words}
              title={option.words} onClick={() => onChange(option.words)}>
              {option.label}
            </button>
          ))}
        </div>
      )}
      <textarea id={id} value={value} rows={field === 'summary' ? 3 : 2} maxLength={BRIEF_FIELD_MAX_CHARS} placeholder={placeholder}
        aria-describedby={counter ? `${id}-count` : undefined} onChange={(event) => onChange(event.target.value)} />
      {counter && <p id={`${id}-count`} className="brief-counter">{counter}</p>}
    </div>
  );
}

function HeroPreview({ project }: { project: ProjectDetail }) {
  const hero = project.generations.find((item) => item.id === project.heroGenerationId)?.images[0];
  return (
    <div className="brief-hero">
      <h3>{projectUiMessages.heroTitle}</h3>
      {hero ? (
        <img src={hero.thumbnailUrl} srcSet={srcsetOf(hero.renditions) || undefined} sizes="320px" alt={projectUiMessages.heroTitle}
          width={hero.width} height={hero.height} loading="lazy" decoding="async" />
      ) : (
        <p className="brief-note">{projectUiMessages.heroNone}</p>
      )}
    </div>
  );
}

/**
 * The project's design brief (docs/decisions/0065-projects-screens.md): six fields, presets for
 * time of day, season and materials, and the exact words it adds to every prompt, read from the
 * draft as it is typed. Saving a change makes the next brief version.
 */
export function BriefPanel({ project }: { project: ProjectDetail }) {
  // Keyed by the brief version (ProjectPage), so a save here or in another tab starts a fresh draft.
  const [draft, setDraft] = useState(() => draftFromBrief(project.brief));
  const update = useUpdateProject(project.id);
  // A workspace's viewer reads the brief; only those who may edit projects change it.
  const editable = useSpaceCan('editProjects');
  const dirty = briefChanged(project.brief, draft);
  const addition = briefPromptAddition(briefFromDraft(draft));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !update.isPending) update.mutate({ brief: briefPatch(draft) });
  };
  return (
    <aside className="brief-panel" aria-labelledby="brief-title">
      <header className="brief-header">
        <h2 id="brief-title">{projectUiMessages.briefTitle}</h2>
        <span className="brief-version">{projectUiMessages.briefVersion(project.briefVersion)}</span>
      </header>
      <p className="brief-note">{projectUiMessages.briefIntro}</p>
      <form className="brief-form" onSubmit={save}>
        <fieldset className="brief-fields" disabled={!editable}>
          {BRIEF_FIELDS.map((field) => (
            <BriefFieldInput key={field} field={field} value={draft[field]} onChange={(value) => setDraft({ ...draft, [field]: value })} />
          ))}
        </fieldset>
        <section className="brief-preview" aria-labelledby="brief-preview-title">
          <h3 id="brief-preview-title">{projectUiMessages.briefPreview}</h3>
          <p className={addition ? '' : 'brief-note'}>{addition || projectUiMessages.briefPreviewEmpty}</p>
        </section>
        {editable && (
          <button type="submit" className="button button--primary brief-save" disabled={!dirty || update.isPending}>
            {dirty ? projectUiMessages.briefSave : projectUiMessages.briefUnchanged}
          </button>
        )}
      </form>
      <HeroPreview project={project} />
    </aside>
  );
}
