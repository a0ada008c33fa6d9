/**
 * The workspaces' UI words (labels, headings, buttons). What the Worker also says — refusals, the
 * invitation's one failure, the caps — is shared/messages/workspaces.ts.
 */
import { PRODUCT_NAME } from '#shared/messages/brand';
import type { WorkspaceRole } from '#shared/workspace-rules';

export const roleNames: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/** What each role may do, under the role picker. */
export const roleHints: Record<WorkspaceRole, string> = {
  owner: 'Billing, members and everything else; made the workspace.',
  admin: 'Members and projects; sees the spend.',
  member: 'Generates, and edits their own and shared projects.',
  viewer: 'Sees and comments; never generates.',
};

export const switcherCopy = {
  menu: 'Spaces',
  personalHint: 'Your own credits and projects',
  settings: 'Workspace settings',
  spend: 'Spend',
  create: 'New workspace',
  loadFailed: 'Your workspaces could not be loaded.',
  credits: (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`,
} as const;

export const createCopy = {
  title: 'New workspace',
  eyebrow: 'Workspaces',
  lede: `A workspace is your practice on ${PRODUCT_NAME}: one pool of credits, shared projects, and roles for everyone you invite.`,
  name: 'Practice name',
  logo: 'Logo (optional)',
  logoHint: 'PNG, JPEG or WebP, up to 1 MB.',
  submit: 'Create workspace',
  creating: 'Creating…',
  created: (name: string) => `${name} is ready. You are working in it now.`,
  logoFailed: 'The workspace was made, but its logo could not be saved. Try again on its page.',
} as const;

/** A project or a comparison opened from another space than the tab's (found-elsewhere.ts). */
export const elsewhereCopy = {
  entered: (kind: 'project' | 'generation', workspace: string | null) =>
    `${kind === 'project' ? 'This project is' : 'These images are'} in ${workspace ?? 'your personal space'}: you are working there now.`,
} as const;

/** The logo's tile and buttons, on the new workspace's form and in its settings. */
export const logoFieldCopy = {
  choose: 'Choose a logo',
  replace: 'Replace logo',
  remove: 'Remove logo',
  preview: 'The logo',
} as const;

export const workspaceCopy = {
  eyebrow: 'Workspace',
  loading: 'Loading the workspace…',
  notFound: 'This workspace does not exist, or you are not a member of it.',
  pool: 'Pool',
  creditsLeft: (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'} left`,
  plan: { free: 'Free plan', pro: 'Pro plan', enterprise: 'Enterprise plan' },
  yourRole: (role: string) => `You are ${role}.`,
  openSpend: 'See the spend',
  buyCredits: 'Buy credits',
  workIn: 'Work in this workspace',
  workingIn: 'You are working in this workspace.',
  members: 'Members',
  columns: { member: 'Member', role: 'Role', cap: 'Monthly cap', spent: 'Spent this month', actions: 'Actions' },
  you: '(you)',
  noCap: 'No cap',
  capLabel: (email: string) => `Monthly cap of ${email}, in credits`,
  capHint: 'Blank: no cap.',
  saveCap: 'Save cap',
  capSaved: (email: string) => `The cap of ${email} is saved.`,
  capInvalid: 'Type a whole number of credits, or leave it blank for no cap.',
  roleLabel: (email: string) => `Role of ${email}`,
  roleSaved: (email: string, role: string) => `${email} is ${role} now.`,
  remove: 'Remove',
  confirmRemove: 'Confirm remove',
  removed: (email: string) => `${email} was removed. Everything they made stays in the workspace.`,
  leave: 'Leave',
  confirmLeave: 'Confirm leave',
  left: (name: string) => `You left ${name}.`,
  spent: (credits: number, cap: number | null) => (cap === null ? `${credits}` : `${credits} of ${cap}`),
  invite: 'Invite someone',
  inviteEmail: 'Email',
  inviteRole: 'Role',
  sendInvite: 'Create invitation',
  inviting: 'Creating…',
  inviteLink: (email: string) => `Send this link to ${email}. It works once, for 7 days, and only for that email address.`,
  invitationLinkLabel: 'Invitation link',
  copyLink: 'Copy link',
  copied: 'The link is copied.',
  copyFailed: 'Copy the link by hand: the browser did not let the page copy it.',
  pending: 'Open invitations',
  invitedAs: (role: string, by: string, expires: string) => `${role}, invited by ${by}, until ${expires}`,
  withdraw: 'Withdraw',
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  settings: 'Settings',
  rename: 'Name',
  saveName: 'Save name',
  renamed: 'The name is saved.',
  logo: 'Logo',
  logoSaved: 'The logo is saved.',
  deleteWorkspace: 'Delete workspace',
  confirmDelete: 'Confirm delete',
  deleteHint: 'Every member loses access at once. The workspace’s projects and images are kept, but nobody can open them again.',
  deleted: (name: string) => `${name} was deleted.`,
  failed: 'That did not work. Please try again.',
} as const;

export const spendCopy = {
  eyebrow: 'Spend',
  title: (name: string) => `What ${name} spent`,
  month: 'Month',
  total: (month: string) => `Credits spent in ${month}`,
  byMember: 'By member',
  byProject: 'By project',
  removedMember: '(removed)',
  nothing: 'Nothing was spent this month.',
  download: 'Download CSV',
  downloading: 'Preparing…',
  showRows: (name: string, credits: number) => `${credits} ${credits === 1 ? 'credit' : 'credits'} by ${name}: show the ledger rows`,
  rowsOf: (name: string) => `Ledger rows: ${name}`,
  allRows: 'Ledger rows of the month',
  showAll: 'Show every row of the month',
  columns: { date: 'Date', member: 'Member', project: 'Project', activity: 'Activity', credits: 'Credits' },
  generation: 'Generation',
  refund: 'Refund',
  deleted: 'Deleted generation',
  more: 'Show more',
  back: 'Back to the workspace',
  notAllowed: 'Only the workspace’s owner and admins can see what it spends.',
} as const;

export const invitationCopy = {
  eyebrow: 'Invitation',
  title: 'Join a workspace',
  loading: 'Reading the invitation…',
  invited: (workspace: string) => `You are invited to ${workspace}`,
  details: (inviter: string, role: string) => `${inviter} invited you as ${role}.`,
  forEmail: (email: string) => `The invitation is for ${email}.`,
  accept: 'Join the workspace',
  accepting: 'Joining…',
  joined: (workspace: string) => `Welcome to ${workspace}. You are working in it now.`,
  signIn: 'Sign in',
  signUp: 'Sign up',
} as const;
