/**
 * Team workspaces as every client sees them (docs/api.md "Workspaces (teams)",
 * docs/decisions/0096-workspaces.md): a practice's own balance, plan, members, invitations and
 * spend. Who may do what is shared/workspace-rules.ts.
 */
import type { LedgerReason } from './credit-types';
import type { Plan } from './plans';
import type { AssignableRole, WorkspaceRole } from './workspace-rules';

/** A workspace as its member sees it (POST and GET /api/workspaces, POST /api/invitations/:token/accept). */
export interface WorkspaceSummary {
  id: string;
  name: string;
  /** The caller's own role in it. */
  role: WorkspaceRole;
  /** The pool every member's work is paid from. */
  credits: number;
  plan: Plan;
  /** A URL that works for members (it is signed); null without a logo. */
  logoUrl: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface WorkspaceList {
  items: WorkspaceSummary[];
}

export interface WorkspaceMember {
  userId: string;
  email: string;
  role: WorkspaceRole;
  /** Credits the member may spend a calendar month (UTC); null: no cap. */
  monthlyCap: number | null;
  /** Credits the member's work cost this month, refunds deducted. */
  spentThisMonth: number;
  /** ISO 8601. */
  joinedAt: string;
}

/** An invitation not yet accepted, withdrawn or expired; only owners and admins see them. */
interface PendingInvitation {
  id: string;
  email: string;
  role: AssignableRole;
  /** The email of who invited. */
  invitedBy: string;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
}

/** GET /api/workspaces/:id. */
export interface WorkspaceDetail extends WorkspaceSummary {
  /** The month `spentThisMonth` counts, `YYYY-MM` (UTC). */
  month: string;
  /** Current members, the owner first; removed members are not listed. */
  members: WorkspaceMember[];
  /** Empty unless the caller may manage members. */
  invitations: PendingInvitation[];
}

/** POST /api/workspaces/:id/invitations: the token is shown this once; only its hash is kept. */
export interface CreatedInvitation {
  id: string;
  token: string;
  /** The request's origin plus invitationPath(token): the link to send. */
  url: string;
  email: string;
  role: AssignableRole;
  /** ISO 8601. */
  expiresAt: string;
}

/** GET /api/invitations/:token: what accepting would join (same 404s as accepting). */
export interface InvitationPreview {
  workspace: { id: string; name: string; logoUrl: string | null };
  role: AssignableRole;
  email: string;
  invitedBy: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The page that accepts an invitation. */
export function invitationPath(token: string): string {
  return `/invitations/${encodeURIComponent(token)}`;
}

/** One line of the spend view: a member (id: user id) or a project (id null: made outside any project). */
export interface SpendLine {
  id: string | null;
  /** A member's email; a project's name, or "No project" / "Deleted project". */
  name: string;
  /** Credits spent that month, refunds deducted. */
  credits: number;
  /** A member no longer in the workspace (their spend stays). */
  removed?: boolean;
}

/** GET /api/workspaces/:id/spend?month=YYYY-MM (owner, admin). */
export interface WorkspaceSpend {
  month: string;
  /** Credits spent that month by everyone: the sum of either list. */
  total: number;
  byMember: SpendLine[];
  byProject: SpendLine[];
}

/**
 * A ledger row behind the spend view (GET /api/workspaces/:id/spend/entries): a charge (negative
 * delta) or its refund. A line's credits are minus the sum of its entries' deltas.
 */
export interface SpendEntry {
  id: number;
  reason: Extract<LedgerReason, 'generation' | 'refund'>;
  delta: number;
  memberId: string;
  memberEmail: string;
  projectId: string | null;
  projectName: string | null;
  generationId: string | null;
  /** The generation's prompt while it exists. */
  prompt: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface SpendEntriesPage {
  items: SpendEntry[];
  nextCursor: string | null;
}

/** Who made a version of a workspace project (VersionedItem.author). */
export interface VersionAuthor {
  id: string;
  email: string;
}
