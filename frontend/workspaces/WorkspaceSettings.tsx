/** The owner's part of the workspace page: its name, its logo, and deleting it (two clicks). */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { WORKSPACE_LOGO_MAX_BYTES, WORKSPACE_NAME_MAX_CHARS } from '#shared/limits';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceDetail } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import { paths } from '../app/routing';
import { notify } from '../shell/notices';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { createCopy, workspaceCopy } from './copy';
import { currentWorkspaceId } from './current-space';
import { useWorkspaceMutations } from './queries';
import { enterSpace } from './space';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function WorkspaceSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const mutations = useWorkspaceMutations(workspace.id);
  const [name, setName] = useState(workspace.name);
  const [, navigate] = useLocation();
  const ids = { name: useId(), logo: useId(), hint: useId(), deleteHint: useId() };
  const failed = (error: unknown) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' });

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > WORKSPACE_NAME_MAX_CHARS) return notify(workspaceMessages.nameLength, { tone: 'error' });
    mutations.rename.mutate(trimmed, { onSuccess: () => notify(workspaceCopy.renamed, { tone: 'success' }), onError: failed });
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > WORKSPACE_LOGO_MAX_BYTES || !LOGO_TYPES.includes(file.type)) return notify(workspaceMessages.logoInvalid, { tone: 'error' });
    mutations.setLogo.mutate(file, { onSuccess: () => notify(workspaceCopy.logoSaved, { tone: 'success' }), onError: failed });
  };

  const confirmDelete = useTwoStepConfirm(() => {
    // Out of the workspace's space first: nothing of it is left to show.
    if (currentWorkspaceId() === workspace.id) enterSpace(null);
    mutations.deleteWorkspace.mutate(undefined, {
      onSuccess: () => {
        notify(workspaceCopy.deleted(workspace.name), { tone: 'success' });
        navigate(paths.dashboard);
      },
      onError: failed,
    });
  });

  return (
    <section className="workspace-card" aria-labelledby="settings-title">
      <h2 id="settings-title">{workspaceCopy.settings}</h2>
      <form className="workspace-form" onSubmit={rename} noValidate>
        <label htmlFor={ids.name}>{workspaceCopy.rename}</label>
        <input id={ids.name} maxLength={WORKSPACE_NAME_MAX_CHARS} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button" disabled={mutations.rename.isPending || name.trim() === workspace.name}>
          {workspaceCopy.saveName}
        </button>
      </form>
      <div className="workspace-form">
        <label htmlFor={ids.logo}>{workspaceCopy.changeLogo}</label>
        <input
          id={ids.logo}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={ids.hint}
          disabled={mutations.setLogo.isPending}
          onChange={(event) => upload(event.target.files?.[0])}
        />
        <p className="workspace-hint" id={ids.hint}>
          {createCopy.logoHint}
        </p>
        {workspace.logoUrl && (
          <button type="button" className="button" onClick={() => mutations.removeLogo.mutate(undefined, { onError: failed })}>
            {workspaceCopy.removeLogo}
          </button>
        )}
      </div>
      <div className="workspace-form">
        <p className="workspace-hint" id={ids.deleteHint}>
          {workspaceCopy.deleteHint}
        </p>
        <button
          type="button"
          className={`button button--danger${confirmDelete.armed ? ' is-armed' : ''}`}
          aria-describedby={ids.deleteHint}
          disabled={mutations.deleteWorkspace.isPending}
          onClick={confirmDelete.click}
        >
          {confirmDelete.armed ? workspaceCopy.confirmDelete : workspaceCopy.deleteWorkspace}
        </button>
      </div>
    </section>
  );
}
