/**
 * /workspaces/new: a practice's name and, if they like, its logo. The new workspace becomes the
 * tab's space at once and its page opens, where the owner invites the others.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { WORKSPACE_LOGO_MAX_BYTES, WORKSPACE_NAME_MAX_CHARS } from '#shared/limits';
import { workspaceMessages } from '#shared/messages/workspaces';
import { errorMessage } from '../api/client';
import { workspacePath } from '../app/routing';
import { notify } from '../shell/notices';
import { createCopy } from './copy';
import { useCreateWorkspace } from './queries';
import { enterSpace } from './space';
import './workspaces.css';

/** What the form refuses before anything is sent; null when it may go. */
function formProblem(name: string, logo: File | null): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > WORKSPACE_NAME_MAX_CHARS) return workspaceMessages.nameLength;
  if (logo && (logo.size > WORKSPACE_LOGO_MAX_BYTES || !['image/png', 'image/jpeg', 'image/webp'].includes(logo.type))) return workspaceMessages.logoInvalid;
  return null;
}

export function NewWorkspacePage() {
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWorkspace();
  const [, navigate] = useLocation();
  const ids = { name: useId(), logo: useId(), logoHint: useId(), problem: useId() };
  useEffect(() => {
    document.title = `${createCopy.title} — ${PRODUCT_NAME}`;
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = formProblem(name, logo);
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
          <label htmlFor={ids.logo}>{createCopy.logo}</label>
          <input
            id={ids.logo}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={ids.logoHint}
            onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
          />
          <p className="workspace-hint" id={ids.logoHint}>
            {createCopy.logoHint}
          </p>
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
