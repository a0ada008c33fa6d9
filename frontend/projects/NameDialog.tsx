import { useState, type FormEvent } from 'react';
import { PROJECT_NAME_MAX_CHARS } from '#shared/limits';
import { Modal } from '../ui/Modal';
import { projectUiMessages } from './copy';
import { cleanName } from './rules';

interface NameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a project's name: creating one, or renaming it from its card. */
export function NameDialog({ open, title, submitLabel, initialName = '', busy, onSubmit, onClose }: NameDialogProps) {
  return (
    <Modal open={open} onClose={onClose} label={title} className="project-dialog">
      {open && <NameForm title={title} submitLabel={submitLabel} initialName={initialName} busy={busy} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function NameForm({ title, submitLabel, initialName, busy, onSubmit, onClose }: Omit<NameDialogProps, 'open'> & { initialName: string }) {
  const [name, setName] = useState(initialName);
  const clean = cleanName(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (clean && !busy) onSubmit(clean);
  };
  return (
    <form className="project-dialog-form" onSubmit={submit}>
      <h2>{title}</h2>
      <label htmlFor="project-name">{projectUiMessages.nameLabel}</label>
      <input id="project-name" value={name} maxLength={PROJECT_NAME_MAX_CHARS} placeholder={projectUiMessages.namePlaceholder}
        autoComplete="off" autoFocus onChange={(event) => setName(event.target.value)} />
      <div className="project-dialog-actions">
        <button type="button" className="button" onClick={onClose}>{projectUiMessages.cancel}</button>
        <button type="submit" className="button button--primary" disabled={!clean || busy}>{submitLabel}</button>
      </div>
    </form>
  );
}
