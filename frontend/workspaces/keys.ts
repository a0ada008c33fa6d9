/** The workspace queries' keys: each under the signed-in user, as every cached list is (app/session.ts). */
import type { SpendLineFilter } from './api';

export const workspaceKeys = {
  /** Every workspace query of every user: what a `members` or `workspace` live message re-reads. */
  all: ['workspaces'] as const,
  /** The user's workspaces (the switcher, the remembered space). */
  list: (userId: string) => ['workspaces', userId, 'list'] as const,
  /** One workspace with its members and pending invitations. */
  detail: (userId: string, id: string) => ['workspaces', userId, 'detail', id] as const,
  /** A month's spend, and the ledger rows behind one of its lines. */
  spend: (userId: string, id: string, month: string) => ['workspaces', userId, 'spend', id, month] as const,
  spendEntries: (userId: string, id: string, month: string, line: SpendLineFilter) => ['workspaces', userId, 'spend', id, month, 'entries', line] as const,
  /**
   * What an invitation would join, as the signed-in user may see it: a root of its own, so the
   * re-reads that follow accepting it never ask again for a link that now answers 404.
   */
  invitation: (userId: string, token: string) => ['invitation', userId, token] as const,
};
