/**
 * Inviting (owners and admins): an email and a role no higher than the inviter's give a link that
 * works once, for that email, for seven days; the page shows it to copy (the Worker also emails
 * it). Open invitations are listed below, each withdrawable.
 */
import { useId, useState, type FormEvent } from 'react';
import { assignableRoles, type AssignableRole } from '#shared/workspace-rules';
import type { CreatedInvitation, WorkspaceDetail } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import { notify } from '../shell/notices';
import { roleNames, roleHints, workspaceCopy } from './copy';
import { useWorkspaceMutations } from './queries';

const DATE = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function CreatedLink({ invitation }: { invitation: CreatedInvitation }) {
  const inputId = useId();
  const copy = () => {
    navigator.clipboard.writeText(invitation.url).then(
      () => notify(workspaceCopy.copied, { tone: 'success' }),
      () => notify(workspaceCopy.copyFailed, { tone: 'warning' }),
    );
  };
  return (
    <div className="invitation-created" role="status">
      <p className="workspace-hint">{workspaceCopy.inviteLink(invitation.email)}</p>
      <div className="invitation-link">
        <label className="visually-hidden" htmlFor={inputId}>
          {workspaceCopy.invitationLinkLabel}
        </label>
        <input id={inputId} readOnly value={invitation.url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={copy}>
          {workspaceCopy.copyLink}
        </button>
      </div>
    </div>
  );
}

export function InvitePanel({ workspace }: { workspace: WorkspaceDetail }) {
  const roles = assignableRoles(workspace.role);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutations = useWorkspaceMutations(workspace.id);
  const ids = { email: useId(), role: useId(), hint: useId(), problem: useId() };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    mutations.invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          setCreated(invitation);
          setEmail('');
        },
        onError: (error) => setProblem(errorMessage(error, workspaceCopy.failed)),
      },
    );
  };

  const withdraw = (invitationId: string, invitee: string) =>
    mutations.withdraw.mutate(invitationId, {
      onSuccess: () => notify(workspaceCopy.withdrawn(invitee), { tone: 'success' }),
      onError: (error) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' }),
    });

  return (
    <section className="workspace-card" aria-labelledby="invite-title">
      <h2 id="invite-title">{workspaceCopy.invite}</h2>
      <form className="workspace-form" onSubmit={submit} noValidate>
        <div className="workspace-pair">
          <div>
            <label htmlFor={ids.email}>{workspaceCopy.inviteEmail}</label>
            <input
              id={ids.email}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.problem : undefined}
            />
          </div>
          <div>
            <label htmlFor={ids.role}>{workspaceCopy.inviteRole}</label>
            <select id={ids.role} value={role} aria-describedby={ids.hint} onChange={(event) => setRole(event.target.value as AssignableRole)}>
              {roles.map((option) => (
                <option key={option} value={option}>
                  {roleNames[option]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="workspace-hint" id={ids.hint}>
          {roleHints[role]}
        </p>
        {problem && (
          <div className="form-error" role="alert" id={ids.problem}>
            {problem}
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={mutations.invite.isPending || email.trim() === ''}>
          {mutations.invite.isPending ? workspaceCopy.inviting : workspaceCopy.sendInvite}
        </button>
      </form>
      {created && <CreatedLink invitation={created} />}
      {workspace.invitations.length > 0 && (
        <>
          <h3 className="workspace-field-label">{workspaceCopy.pending}</h3>
          <ul className="invitation-list">
            {workspace.invitations.map((invitation) => (
              <li key={invitation.id}>
                <div>
                  <span className="invitation-email">{invitation.email}</span>
                  <span className="workspace-hint">
                    {workspaceCopy.invitedAs(roleNames[invitation.role], invitation.invitedBy, DATE.format(new Date(invitation.expiresAt)))}
                  </span>
                </div>
                <button
                  type="button"
                  className="button"
                  aria-label={`${workspaceCopy.withdraw}: ${invitation.email}`}
                  disabled={mutations.withdraw.isPending}
                  onClick={() => withdraw(invitation.id, invitation.email)}
                >
                  {workspaceCopy.withdraw}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
