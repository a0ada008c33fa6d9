/**
 * The spend view in D1 (docs/decisions/0096-workspaces.md): a month's charges in a workspace, by
 * member and by project, and the ledger rows behind each number. A charge's project is the one its
 * job was made in (the job keeps it), so moving a version later does not move its cost.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { REFUND_OF_CHARGE, type MonthRange } from './spend-sql';

/** The month's charges of a workspace, as `charge`, with the job that made each (for its project). */
function monthCharges(workspaceId: string, month: MonthRange): SQL {
  return sql`credit_ledger as charge left join generation_jobs as job on job.id = charge.generation_id
    where charge.workspace_id = ${workspaceId} and charge.reason = 'generation'
      and charge.created_at >= ${month.start} and charge.created_at < ${month.end}`;
}

const PROJECT_OF_JOB = sql`json_extract(job.params, '$.projectId')`;

export interface MemberSpendRow {
  userId: string;
  email: string;
  removed: number;
  credits: number;
}

/** Credits spent per member in the month (refunds deducted), largest first; members who spent nothing are left out. */
export async function spendByMember(db: Database, workspaceId: string, month: MonthRange): Promise<MemberSpendRow[]> {
  return db.all<MemberSpendRow>(sql`
    select spent.user_id as userId, u.email, m.removed_at is not null as removed, spent.credits
    from (select charge.user_id, sum(-charge.delta - ${REFUND_OF_CHARGE}) as credits from ${monthCharges(workspaceId, month)}
          group by charge.user_id) as spent
      join users as u on u.id = spent.user_id
      left join workspace_members as m on m.workspace_id = ${workspaceId} and m.user_id = spent.user_id
    where spent.credits <> 0
    order by spent.credits desc, u.email`);
}

export interface ProjectSpendRow {
  projectId: string | null;
  name: string | null;
  credits: number;
}

/** Credits spent per project the work was made in (null: outside any project), largest first. */
export async function spendByProject(db: Database, workspaceId: string, month: MonthRange): Promise<ProjectSpendRow[]> {
  return db.all<ProjectSpendRow>(sql`
    select spent.project_id as projectId, p.name, spent.credits
    from (select ${PROJECT_OF_JOB} as project_id, sum(-charge.delta - ${REFUND_OF_CHARGE}) as credits
          from ${monthCharges(workspaceId, month)} group by ${PROJECT_OF_JOB}) as spent
      left join projects as p on p.id = spent.project_id and p.workspace_id = ${workspaceId}
    where spent.credits <> 0
    order by spent.credits desc, p.name`);
}

export interface SpendEntryRow {
  id: number;
  reason: 'generation' | 'refund';
  delta: number;
  memberId: string;
  memberEmail: string;
  projectId: string | null;
  projectName: string | null;
  generationId: string | null;
  prompt: string | null;
  createdAt: number;
}

export interface EntryFilter {
  memberId?: string;
  /** A project's id, or null for work made outside any project. */
  projectId?: string | null;
}

/** Where a page of entries ends: newest first by (created_at, id). */
export interface EntryPosition {
  createdAt: number;
  id: number;
}

/**
 * The ledger rows behind the month's numbers, newest first: the month's charges and their refunds
 * (a refund counts in its charge's month, whenever it came), narrowed to one member or project.
 */
export async function spendEntries(
  db: Database,
  workspaceId: string,
  month: MonthRange,
  filter: EntryFilter,
  after: EntryPosition | null,
  limit: number,
): Promise<SpendEntryRow[]> {
  const conditions: SQL[] = [];
  if (filter.memberId !== undefined) conditions.push(sql`row.user_id = ${filter.memberId}`);
  if (filter.projectId === null) conditions.push(sql`${PROJECT_OF_JOB} is null`);
  else if (filter.projectId !== undefined) conditions.push(sql`${PROJECT_OF_JOB} = ${filter.projectId}`);
  if (after) conditions.push(sql`(row.created_at < ${after.createdAt} or (row.created_at = ${after.createdAt} and row.id < ${after.id}))`);
  const narrowed = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  return db.all<SpendEntryRow>(sql`
    select row.id, row.reason, row.delta, row.user_id as memberId, u.email as memberEmail,
      ${PROJECT_OF_JOB} as projectId, p.name as projectName, row.generation_id as generationId, g.prompt,
      row.created_at as createdAt
    from credit_ledger as row
      join credit_ledger as charge on charge.generation_id = row.generation_id and charge.reason = 'generation'
      join users as u on u.id = row.user_id
      left join generation_jobs as job on job.id = row.generation_id
      left join projects as p on p.id = ${PROJECT_OF_JOB} and p.workspace_id = ${workspaceId}
      left join generations as g on g.id = row.generation_id
    where row.workspace_id = ${workspaceId} and row.reason in ('generation', 'refund')
      and charge.created_at >= ${month.start} and charge.created_at < ${month.end}${narrowed}
    order by row.created_at desc, row.id desc
    limit ${limit}`);
}
