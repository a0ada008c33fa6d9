/**
 * The workspace page's members: each with their role, monthly cap and spend this month. Owners and
 * admins change roles and caps of the members below them and remove them (two clicks); anyone but
 * the owner may leave. What a row offers is rules.ts memberActions.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { AssignableRole } from '#shared/workspace-rules';
import type { WorkspaceDetail, WorkspaceMember } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import { paths } from '../app/routing';
import { notify } from '../shell/notices';
import { useTwoStepConfirm } from '../ui/useTwoStepConfirm';
import { roleNames, workspaceCopy } from './copy';
import { currentWorkspaceId } from './current-space';
import { useWorkspaceMutations } from './queries';
import { memberActions, parseCap, type MemberActions } from './rules';
import { enterSpace } from './space';

type Mutations = ReturnType<typeof useWorkspaceMutations>;

function RoleCell({ member, roles, mutations }: { member: WorkspaceMember; roles: AssignableRole[]; mutations: Mutations }) {
  if (roles.length === 0) return <>{roleNames[member.role]}</>;
  const change = (role: AssignableRole) =>
    mutations.change.mutate(
      { userId: member.userId, change: { role } },
      {
        onSuccess: () => notify(workspaceCopy.roleSaved(member.email, roleNames[role].toLowerCase()), { tone: 'success' }),
        onError: (error) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' }),
      },
    );
  return (
    <select aria-label={workspaceCopy.roleLabel(member.email)} value={member.role} onChange={(event) => change(event.target.value as AssignableRole)}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleNames[role]}
        </option>
      ))}
    </select>
  );
}

function CapCell({ member, editable, mutations }: { member: WorkspaceMember; editable: boolean; mutations: Mutations }) {
  const [text, setText] = useState(member.monthlyCap === null ? '' : String(member.monthlyCap));
  const [invalid, setInvalid] = useState(false);
  if (!editable) return <>{member.monthlyCap === null ? workspaceCopy.noCap : member.monthlyCap}</>;
  const save = () => {
    const parsed = parseCap(text);
    setInvalid(parsed === 'invalid');
    if (parsed === 'invalid') return notify(workspaceCopy.capInvalid, { tone: 'error' });
    mutations.change.mutate(
      { userId: member.userId, change: { monthlyCap: parsed.cap } },
      {
        onSuccess: () => notify(workspaceCopy.capSaved(member.email), { tone: 'success' }),
        onError: (error) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' }),
      },
    );
  };
  return (
    <form
      className="member-cap"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <input
        inputMode="numeric"
        aria-label={workspaceCopy.capLabel(member.email)}
        placeholder={workspaceCopy.noCap}
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button" disabled={mutations.change.isPending}>
        {workspaceCopy.saveCap}
      </button>
    </form>
  );
}

function RemoveCell({ member, workspace, action, mutations }: { member: WorkspaceMember; workspace: WorkspaceDetail; action: MemberActions['remove']; mutations: Mutations }) {
  const [, navigate] = useLocation();
  const leaving = action === 'leave';
  const confirm = useTwoStepConfirm(() => {
    // Leaving: out of the workspace's space first, so its socket closes as the app's own doing.
    if (leaving && currentWorkspaceId() === workspace.id) enterSpace(null);
    mutations.remove.mutate(member.userId, {
      onSuccess: () => {
        notify(leaving ? workspaceCopy.left(workspace.name) : workspaceCopy.removed(member.email), { tone: 'success' });
        if (leaving) navigate(paths.dashboard);
      },
      onError: (error) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' }),
    });
  });
  if (action === null) return null;
  const label = leaving ? (confirm.armed ? workspaceCopy.confirmLeave : workspaceCopy.leave) : confirm.armed ? workspaceCopy.confirmRemove : workspaceCopy.remove;
  return (
    <button
      type="button"
      className={`button button--danger${confirm.armed ? ' is-armed' : ''}`}
      aria-label={leaving ? undefined : `${label}: ${member.email}`}
      disabled={mutations.remove.isPending}
      onClick={confirm.click}
    >
      {label}
    </button>
  );
}

export function MembersTable({ workspace, userId }: { workspace: WorkspaceDetail; userId: string }) {
  const mutations = useWorkspaceMutations(workspace.id);
  const { columns } = workspaceCopy;
  return (
    <section className="workspace-card" aria-labelledby="members-title">
      <h2 id="members-title">{workspaceCopy.members}</h2>
      <table className="workspace-table members-table" aria-labelledby="members-title">
        <thead>
          <tr>
            <th scope="col">{columns.member}</th>
            <th scope="col">{columns.role}</th>
            <th scope="col">{columns.cap}</th>
            <th scope="col" className="is-number">
              {columns.spent}
            </th>
            <th scope="col">
              <span className="visually-hidden">{columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {workspace.members.map((member) => {
            const actions = memberActions(workspace.role, userId, member);
            return (
              <tr key={member.userId} data-testid="member-row">
                <td className="member-email">
                  {member.email}
                  {member.userId === userId && <span className="member-you">{workspaceCopy.you}</span>}
                </td>
                <td data-label={columns.role}>
                  <RoleCell member={member} roles={actions.roles} mutations={mutations} />
                </td>
                <td data-label={columns.cap}>
                  {/* Keyed by the saved cap: a change made elsewhere resets what the field shows. */}
                  <CapCell key={String(member.monthlyCap)} member={member} editable={actions.changeCap} mutations={mutations} />
                </td>
                <td data-label={columns.spent} className="is-number">
                  {workspaceCopy.spent(member.spentThisMonth, member.monthlyCap)}
                </td>
                <td className="member-actions">
                  <RemoveCell member={member} workspace={workspace} action={actions.remove} mutations={mutations} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
