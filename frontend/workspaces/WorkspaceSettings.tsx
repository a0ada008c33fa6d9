/** The owner's part of the workspace page: its name, its logo, and deleting it (two clicks). */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { WORKSPACE_NAME_MAX_CHARS } from '#shared/limits';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceDetail } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import { paths } from '../app/routing';
import { notify } from '../shell/notices';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { createCopy, workspaceCopy } from './copy';
import { currentWorkspaceId } from './current-space';
import { LogoField } from './LogoField';
import { useWorkspaceMutations } from './queries';
import { logoProblem } from './rules';
import { enterSpace } from './space';

export function WorkspaceSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const mutations = useWorkspaceMutations(workspace.id);
  const [name, setName] = useState(workspace.name);
  const [, navigate] = useLocation();
  const ids = { name: useId(), deleteHint: useId() };
  const failed = (error: unknown) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' });

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > WORKSPACE_NAME_MAX_CHARS) return notify(workspaceMessages.nameLength, { tone: 'error' });
    mutations.rename.mutate(trimmed, { onSuccess: () => notify(workspaceCopy.renamed, { tone: 'success' }), onError: failed });
  };

  const upload = (file: File) => {
    const refused = logoProblem(file);
    if (refused) return notify(refused, { tone: 'error' });
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
    <section className="workspace-card workspace-settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{workspaceCopy.settings}</h2>
      <form className="workspace-form" onSubmit={rename} noValidate>
        <label htmlFor={ids.name}>{workspaceCopy.rename}</label>
        <input id={ids.name} maxLength={WORKSPACE_NAME_MAX_CHARS} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button" disabled={mutations.rename.isPending || name.trim() === workspace.name}>
          {workspaceCopy.saveName}
        </button>
      </form>
      <LogoField
        label={workspaceCopy.logo}
        hint={createCopy.logoHint}
        src={workspace.logoUrl}
        busy={mutations.setLogo.isPending || mutations.removeLogo.isPending}
        onPick={upload}
        onRemove={() => mutations.removeLogo.mutate(undefined, { onError: failed })}
      />
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
