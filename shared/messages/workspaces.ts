/** Team workspaces: members, roles, invitations, the pool and its caps (docs/decisions/0096-workspaces.md). */
import { INVITATION_TTL_DAYS, WORKSPACE_NAME_MAX_CHARS } from '../limits';
import type { WorkspaceAction } from '../workspace-rules';

/** Why a role may not do something, per action (403). */
const refusals: Record<WorkspaceAction, string> = {
  view: 'You are not a member of this workspace.',
  comment: 'You are not a member of this workspace.',
  generate: 'Viewers can see and comment in this workspace, not generate. Ask an owner or admin for the member role.',
  editProjects: 'Viewers can see and comment in this workspace, not change its projects.',
  shareProjects: 'Viewers cannot share this workspace’s projects with clients.',
  deleteOwnGenerations: 'Viewers cannot delete or cancel in this workspace.',
  deleteAnyGeneration: 'Only the workspace’s owner and admins can delete or cancel work someone else made.',
  deleteProjects: 'Only the workspace’s owner and admins can delete its projects.',
  manageMembers: 'Only the workspace’s owner and admins can manage its members.',
  viewSpend: 'Only the workspace’s owner and admins can see what it spends.',
  buyCredits: 'Only the workspace’s owner can buy its credits.',
  manageWorkspace: 'Only the workspace’s owner can change or delete it.',
};

export const workspaceMessages = {
  personal: 'Personal',
  nameLength: `A workspace name is 1 to ${WORKSPACE_NAME_MAX_CHARS} characters.`,
  refused: (action: WorkspaceAction) => refusals[action],
  /** The 402 of a member whose monthly cap the charge would pass; nothing is charged. */
  atMonthlyCap: (cap: number) =>
    `You have reached your monthly limit of ${cap} credit${cap === 1 ? '' : 's'} in this workspace. Ask an owner or admin to raise it.`,
  /** The 402 of a pool too low for the charge. */
  poolTooLow: (credits: number, modelLabel: string) =>
    `Not enough credits in this workspace! It needs ${credits} credit(s) for ${modelLabel}. Ask the workspace's owner to buy more.`,
  capInvalid: 'A monthly cap is a whole number of credits, or null for none.',
  roleNotAssignable: 'You cannot give that role: a workspace has one owner, and nobody gives a role above their own.',
  cannotManageMember: 'You cannot change or remove this member: only someone above their role can, and nobody can remove the owner.',
  ownerCannotLeave: 'The owner cannot leave the workspace.',
  alreadyMember: 'That person is already a member of this workspace.',
  tooManyMembers: (limit: number) =>
    `This workspace has ${limit} members and open invitations, the most one workspace can hold. Remove someone or withdraw an invitation first.`,
  tooManyWorkspaces: (limit: number) =>
    `You own ${limit} workspaces, the most one account can own. Delete one you no longer use first.`,
  monthFormat: 'A month is written YYYY-MM, for example 2026-11.',
  logoInvalid: 'A logo is a PNG, JPEG or WebP image of at most 1 MB.',
  /** The one answer to every invitation link that cannot be used (the Worker's 404 does not say which). */
  invitationUnavailable:
    'This invitation cannot be used. It has expired, it was used or withdrawn, or it was sent to another email address than the one you are signed in with. Ask whoever invited you for a new link.',
  /** A signed-out visitor on an invitation's page. */
  invitationNeedsAccount: 'To join, sign in — or sign up — with the email address this invitation was sent to.',
  /** The app's notice when the current workspace is gone for the user (removed, left elsewhere, deleted). */
  backToPersonal: (workspace: string | null) =>
    `You are no longer a member of ${workspace ?? 'that workspace'}, so you are back in your personal space.`,
  noProject: 'No project',
  deletedProject: 'Deleted project',
  invitationEmailSubject: (workspace: string, appName: string) => `You are invited to ${workspace} on ${appName}`,
  invitationEmailText: (workspace: string, inviter: string, role: string, url: string) =>
    `${inviter} invited you to join ${workspace} as ${role === 'admin' ? 'an admin' : `a ${role}`}.\n\n` +
    `Sign in with this email address, then open this link to join (it works once, for ${INVITATION_TTL_DAYS} days):\n${url}\n\n` +
    'If you did not expect this invitation, you can ignore this email.',
} as const;
