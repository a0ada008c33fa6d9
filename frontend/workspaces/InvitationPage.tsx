/**
 * /invitations/:token: what the link joins, and Join for the account it was sent to. A signed-out
 * visitor is told which account can accept and offered sign-in or sign-up, coming back here after.
 * Every link that cannot be used — expired, used, withdrawn, or for another email — is the Worker's
 * one 404 and gets one message.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { workspaceMessages } from '#shared/messages/workspaces';
import { invitationPath, type InvitationPreview } from '#shared/workspace-types';
import { errorMessage, isNotFound } from '../api/client';
import { loginPathWithRedirect, paths } from '../app/routing';
import { useAuth } from '../auth/store';
import { notify } from '../shell/notices';
import { acceptInvitation } from './api';
import { invitationCopy } from './copy';
import { workspaceKeys } from './keys';
import { invitationQuery } from './queries';
import { withArticle } from './rules';
import { enterSpace } from './space';
import './workspaces.css';

function SignedOut({ token }: { token: string }) {
  const back = invitationPath(token);
  return (
    <>
      <p className="workspace-lede">{workspaceMessages.invitationNeedsAccount}</p>
      <div className="workspace-actions">
        <Link href={loginPathWithRedirect(back)} className="button button--primary">
          {invitationCopy.signIn}
        </Link>
        <Link href={loginPathWithRedirect(back, { mode: 'signup' })} className="button">
          {invitationCopy.signUp}
        </Link>
      </div>
    </>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (workspace) => {
      void client.invalidateQueries({ queryKey: workspaceKeys.all });
      enterSpace(workspace, client);
      notify(invitationCopy.joined(workspace.name), { tone: 'success' });
      navigate(paths.projects);
    },
  });
  return (
    <div className="workspace-card">
      <div className="workspace-title">
        {preview.workspace.logoUrl && <img className="workspace-logo" src={preview.workspace.logoUrl} alt="" width={56} height={56} />}
        <h2>{invitationCopy.invited(preview.workspace.name)}</h2>
      </div>
      <p>{invitationCopy.details(preview.invitedBy, withArticle(preview.role))}</p>
      <p className="workspace-muted">{invitationCopy.forEmail(preview.email)}</p>
      {accept.isError && (
        <p className="form-error" role="alert">
          {isNotFound(accept.error) ? workspaceMessages.invitationUnavailable : errorMessage(accept.error)}
        </p>
      )}
      <button type="button" className="button button--primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? invitationCopy.accepting : invitationCopy.accept}
      </button>
    </div>
  );
}

function SignedIn({ token, userId }: { token: string; userId: string }) {
  const preview = useQuery(invitationQuery(userId, token));
  if (preview.isPending) return <p className="workspace-lede" aria-busy="true">{invitationCopy.loading}</p>;
  if (preview.isError) {
    const unusable = isNotFound(preview.error);
    return (
      <p className="form-error" role="alert">
        {unusable ? workspaceMessages.invitationUnavailable : errorMessage(preview.error)}
      </p>
    );
  }
  return <Invitation token={token} preview={preview.data} />;
}

export function InvitationPage({ token }: { token: string }) {
  const status = useAuth((state) => state.status);
  const userId = useAuth((state) => state.userId);
  useEffect(() => {
    document.title = `${invitationCopy.title} — ${PRODUCT_NAME}`;
  }, []);
  return (
    <section className="page page--workspace" aria-labelledby="invitation-title" aria-busy={status === 'loading'}>
      <p className="workspace-eyebrow">{invitationCopy.eyebrow}</p>
      <h1 id="invitation-title">{invitationCopy.title}</h1>
      {status === 'signedOut' && <SignedOut token={token} />}
      {status === 'signedIn' && userId && <SignedIn token={token} userId={userId} />}
    </section>
  );
}
