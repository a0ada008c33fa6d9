/**
 * Invitations by link (docs/decisions/0096-workspaces.md): a link naming the invitee's email, 32
 * random bytes kept only as their SHA-256, working once for INVITATION_TTL_DAYS. Accepting needs
 * the signed-in account of that email; every other case is the same 404, so a token tells a
 * stranger nothing.
 */
import { INVITATION_TTL_DAYS } from '#shared/limits';
import { generalMessages, workspaceMessages } from '#shared/messages';
import { assignableRoles, type AssignableRole } from '#shared/workspace-rules';
import { invitationPath, type CreatedInvitation, type InvitationPreview, type WorkspaceSummary } from '#shared/workspace-types';
import type { EmailSender } from '../email';
import { normaliseEmail } from '../auth';
import { MAX_WORKSPACE_SEATS } from '../platform/caps';
import { randomToken, sha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { requireAction, type WorkspaceSpace } from '../platform/space';
import { acceptInvitation, insertInvitation, invitationRoom, openInvitation, revokeInvitation } from './queries';
import { logoUrl, nowOf, workspaceOf, type WorkspaceDeps } from './service';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

export interface InvitationDeps extends WorkspaceDeps {
  sendEmail: EmailSender;
  appName: string;
  /** Runs the invitation email after the answer. */
  inBackground: (task: Promise<unknown>) => void;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

/**
 * Invites `email` as `role`: someone who may manage members, giving no role above their own. The
 * link is answered once and emailed to the invitee; a current member's email is a 409, a full
 * workspace the cap's 409.
 */
export async function invite(
  deps: InvitationDeps,
  space: WorkspaceSpace,
  request: { email: string; role: AssignableRole; origin: string; inviterEmail: string },
): Promise<CreatedInvitation> {
  requireAction(space, 'manageMembers');
  if (!assignableRoles(space.role).includes(request.role)) throw new AppError('forbidden', workspaceMessages.roleNotAssignable, { field: 'role' });
  const email = normaliseEmail(request.email);
  const token = randomToken(32);
  const row = await insertInvitation(deps.db, {
    id: crypto.randomUUID(),
    workspaceId: space.workspaceId,
    tokenHash: await sha256Hex(token),
    email,
    role: request.role,
    invitedBy: space.userId,
    expiresAt: nowOf(deps) + INVITATION_TTL_DAYS * DAY_MS,
  });
  if (!row) {
    const room = await invitationRoom(deps.db, space.workspaceId, email);
    if (room.member) throw new AppError('conflict', workspaceMessages.alreadyMember, { field: 'email' });
    throw new AppError('limit_reached', workspaceMessages.tooManyMembers(MAX_WORKSPACE_SEATS));
  }
  const url = `${request.origin}${invitationPath(token)}`;
  deps.inBackground(
    deps.sendEmail({
      to: email,
      subject: workspaceMessages.invitationEmailSubject(space.name, deps.appName),
      text: workspaceMessages.invitationEmailText(space.name, request.inviterEmail, request.role, url),
    }),
  );
  await deps.notifyMembers(space.workspaceId);
  return { id: row.id, token, url, email, role: row.role, expiresAt: new Date(row.expiresAt).toISOString() };
}

export async function withdraw(deps: WorkspaceDeps, space: WorkspaceSpace, invitationId: string): Promise<void> {
  requireAction(space, 'manageMembers');
  if (!(await revokeInvitation(deps.db, space.workspaceId, invitationId))) throw notFound();
  await deps.notifyMembers(space.workspaceId);
}

/** The invitation a token opens for this signed-in user, or the one 404. */
async function invitationFor(deps: WorkspaceDeps, token: string, userEmail: string) {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const invitation = await openInvitation(deps.db, await sha256Hex(token), nowOf(deps));
  if (!invitation || invitation.email !== userEmail) throw notFound();
  return invitation;
}

export async function previewInvitation(deps: WorkspaceDeps, token: string, user: { email: string }): Promise<InvitationPreview> {
  const invitation = await invitationFor(deps, token, user.email);
  return {
    workspace: { id: invitation.workspaceId, name: invitation.workspaceName, logoUrl: await logoUrl(deps.signingSecret, invitation.logoKey, nowOf(deps)) },
    role: invitation.role,
    email: invitation.email,
    invitedBy: invitation.inviterEmail,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
  };
}

/** Joins the workspace, once: the claim and the membership are one batch. */
export async function accept(deps: WorkspaceDeps, token: string, user: { id: string; email: string }): Promise<WorkspaceSummary> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const workspaceId = await acceptInvitation(deps.db, { tokenHash: await sha256Hex(token), userId: user.id, email: user.email, now: nowOf(deps) });
  if (!workspaceId) throw notFound();
  await deps.notifyMembers(workspaceId);
  return workspaceOf(deps, user.id, workspaceId);
}
