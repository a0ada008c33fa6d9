/**
 * /workspaces/new: a practice's name and, if they like, its logo. The new workspace becomes the
 * tab's space at once and its page opens, where the owner invites the others.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { WORKSPACE_NAME_MAX_CHARS } from '#shared/limits';
import { workspaceMessages } from '#shared/messages/workspaces';
import { errorMessage } from '../api/client';
import { workspacePath } from '../app/routing';
import { notify } from '../shell/notices';
import { createCopy } from './copy';
import { LogoField } from './LogoField';
import { useCreateWorkspace } from './queries';
import { logoProblem } from './rules';
import { enterSpace } from './space';
import './workspaces.css';

/** What the form refuses before anything is sent; null when it may go (a refused logo is never kept). */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > WORKSPACE_NAME_MAX_CHARS ? workspaceMessages.nameLength : null;
}

/** A `blob:` URL of the picked file for as long as it is picked. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export function NewWorkspacePage() {
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWorkspace();
  const [, navigate] = useLocation();
  const preview = useObjectUrl(logo);
  const ids = { name: useId(), problem: useId() };
  useEffect(() => {
    document.title = `${createCopy.title} — ${PRODUCT_NAME}`;
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = nameProblem(name);
    setProblem(refused);
    if (refused) return;
    create.mutate(
      { name: name.trim(), logo },
      {
        onSuccess: ({ workspace, logoSaved }) => {
          enterSpace(workspace);
          notify(logoSaved ? createCopy.created(workspace.name) : createCopy.logoFailed, { tone: logoSaved ? 'success' : 'warning' });
          navigate(workspacePath(workspace.id));
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <section className="page page--workspace" aria-labelledby="new-workspace-title">
      <p className="workspace-eyebrow">{createCopy.eyebrow}</p>
      <h1 id="new-workspace-title">{createCopy.title}</h1>
      <p className="workspace-lede">{createCopy.lede}</p>
      <div className="workspace-card">
        <form className="workspace-form" onSubmit={submit} noValidate>
          <label htmlFor={ids.name}>{createCopy.name}</label>
          <input
            id={ids.name}
            name="name"
            autoComplete="organization"
            maxLength={WORKSPACE_NAME_MAX_CHARS}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problem === workspaceMessages.nameLength || undefined}
            aria-describedby={problem ? ids.problem : undefined}
          />
          <LogoField
            label={createCopy.logo}
            hint={createCopy.logoHint}
            src={preview}
            onPick={(file) => {
              const refused = logoProblem(file);
              if (refused) return setProblem(refused);
              setLogo(file);
              if (problem === workspaceMessages.logoInvalid) setProblem(null);
            }}
            onRemove={() => setLogo(null)}
          />
          {problem && (
            <div className="form-error" role="alert" id={ids.problem}>
              {problem}
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? createCopy.creating : createCopy.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
