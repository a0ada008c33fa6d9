/**
 * /workspaces/:id: the practice's pool and plan, its members with their roles, caps and spend this
 * month, invitations, and (for its owner) its name, logo and deletion. What the user's role may not
 * do is not offered (shared/workspace-rules.ts); the Worker refuses it all the same.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { creditMessages } from '#shared/messages/credits';
import { isUnlimited } from '#shared/plans';
import { can } from '#shared/workspace-rules';
import type { WorkspaceDetail } from '#shared/workspace-types';
import { isNotFound } from '../api/client';
import { paths, workspaceSpendPath } from '../app/routing';
import { useAuth } from '../auth/store';
import { workspaceCopy } from './copy';
import { useCurrentWorkspaceId } from './current-space';
import { InvitePanel } from './InvitePanel';
import { MembersTable } from './MembersTable';
import { workspaceQuery } from './queries';
import { withArticle } from './rules';
import { enterSpace } from './space';
import { WorkspaceSettings } from './WorkspaceSettings';
import './workspaces.css';

function PoolCard({ workspace }: { workspace: WorkspaceDetail }) {
  const current = useCurrentWorkspaceId() === workspace.id;
  const [, navigate] = useLocation();
  const buy = () => {
    // Buying is for the current space's pool (frontend/pricing): this workspace becomes it first.
    if (!current) enterSpace(workspace);
    navigate(paths.pricing);
  };
  return (
    <div className="workspace-card workspace-summary">
      <div>
        <p className="workspace-muted">{workspaceCopy.pool}</p>
        <p className="workspace-figure" data-testid="workspace-pool">
          {isUnlimited(workspace.plan) ? creditMessages.unlimitedCredits : workspaceCopy.creditsLeft(workspace.credits)}
        </p>
        <p className="workspace-muted">
          {workspaceCopy.plan[workspace.plan]} · {workspaceCopy.yourRole(withArticle(workspace.role))}
        </p>
      </div>
      <div className="workspace-actions">
        {current ? (
          <p className="workspace-message">{workspaceCopy.workingIn}</p>
        ) : (
          <button type="button" className="button button--primary" onClick={() => enterSpace(workspace)}>
            {workspaceCopy.workIn}
          </button>
        )}
        {can(workspace.role, 'viewSpend') && (
          <Link href={workspaceSpendPath(workspace.id)} className="button">
            {workspaceCopy.openSpend}
          </Link>
        )}
        {can(workspace.role, 'buyCredits') && workspace.plan !== 'enterprise' && (
          <button type="button" className="button" onClick={buy}>
            {workspaceCopy.buyCredits}
          </button>
        )}
      </div>
    </div>
  );
}

export function WorkspacePage({ id }: { id: string }) {
  const userId = useAuth((state) => state.userId ?? '');
  const query = useQuery({ ...workspaceQuery(userId, id), enabled: userId !== '' });
  const workspace = query.data;
  useEffect(() => {
    document.title = `${workspace?.name ?? workspaceCopy.eyebrow} — ${PRODUCT_NAME}`;
  }, [workspace?.name]);

  if (!workspace) {
    const missing = isNotFound(query.error);
    return (
      <section className="page page--workspace" aria-busy={query.isPending}>
        <p className="workspace-eyebrow">{workspaceCopy.eyebrow}</p>
        <h1>{query.isError ? (missing ? workspaceCopy.notFound : workspaceCopy.failed) : workspaceCopy.loading}</h1>
      </section>
    );
  }
  return (
    <section className="page page--workspace" aria-labelledby="workspace-title">
      <p className="workspace-eyebrow">{workspaceCopy.eyebrow}</p>
      <div className="workspace-title">
        {workspace.logoUrl && <img className="workspace-logo" src={workspace.logoUrl} alt="" width={56} height={56} />}
        <h1 id="workspace-title">{workspace.name}</h1>
      </div>
      <PoolCard workspace={workspace} />
      <MembersTable workspace={workspace} userId={userId} />
      {can(workspace.role, 'manageMembers') && <InvitePanel workspace={workspace} />}
      {can(workspace.role, 'manageWorkspace') && <WorkspaceSettings workspace={workspace} />}
    </section>
  );
}
