/**
 * What a member spent in a month, as SQL (docs/decisions/0096-workspaces.md): the charges made in
 * the month less their refunds, whenever those came. The spend view, the member list and the
 * charge's own cap check all count with this one expression, so the three never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';

export interface MonthRange {
  start: number;
  end: number;
}

/** A charge's refund, by the unique (generation_id, reason) index; 0 when it was not refunded. */
export const REFUND_OF_CHARGE = sql`coalesce((select refund.delta from credit_ledger as refund
  where refund.generation_id = charge.generation_id and refund.reason = 'refund'), 0)`;

/** Credits spent by `userId` in `workspaceId` through charges made within `month`, as a scalar. */
export function memberSpentSql(workspaceId: SQL | string, userId: SQL | string, month: MonthRange): SQL {
  return sql`(select coalesce(sum(-charge.delta - ${REFUND_OF_CHARGE}), 0) from credit_ledger as charge
    where charge.workspace_id = ${workspaceId} and charge.user_id = ${userId} and charge.reason = 'generation'
      and charge.created_at >= ${month.start} and charge.created_at < ${month.end})`;
}
