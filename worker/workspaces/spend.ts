/**
 * The spend view (docs/decisions/0096-workspaces.md): credits spent in a UTC month by member and by
 * project, the ledger rows behind each number a page at a time, and all of them as CSV. Owners
 * and admins only.
 */
import { workspaceMessages } from '#shared/messages';
import { monthOf, monthRange } from '#shared/workspace-rules';
import type { SpendEntriesPage, SpendEntry, SpendLine, WorkspaceSpend } from '#shared/workspace-types';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { AppError } from '../platform/errors';
import { requireAction, type WorkspaceSpace } from '../platform/space';
import { csvRecord } from './csv';
import type { MonthRange } from './spend-sql';
import { spendByMember, spendByProject, spendEntries, type EntryFilter, type EntryPosition, type SpendEntryRow } from './spend-queries';
import { nowOf, type WorkspaceDeps } from './service';

const ENTRIES_PAGE_SIZE = 100;
/** Rows the CSV reads a query at a time while it streams. */
const CSV_CHUNK = 500;
/** The word for work made outside any project, in the entries' filter. */
const NO_PROJECT = 'none';

function monthAndRange(deps: WorkspaceDeps, month: string | undefined): { month: string; range: MonthRange } {
  const chosen = month ?? monthOf(nowOf(deps));
  const range = monthRange(chosen);
  if (!range) throw new AppError('invalid_request', workspaceMessages.monthFormat, { field: 'month' });
  return { month: chosen, range };
}

export async function spendOf(deps: WorkspaceDeps, space: WorkspaceSpace, requested: string | undefined): Promise<WorkspaceSpend> {
  requireAction(space, 'viewSpend');
  const { month, range } = monthAndRange(deps, requested);
  const [members, projects] = await Promise.all([spendByMember(deps.db, space.workspaceId, range), spendByProject(deps.db, space.workspaceId, range)]);
  const byMember: SpendLine[] = members.map((row) => ({ id: row.userId, name: row.email, credits: row.credits, ...(row.removed === 1 ? { removed: true } : {}) }));
  const byProject: SpendLine[] = projects.map((row) => ({
    id: row.projectId,
    name: row.projectId === null ? workspaceMessages.noProject : (row.name ?? workspaceMessages.deletedProject),
    credits: row.credits,
  }));
  return { month, total: members.reduce((sum, row) => sum + row.credits, 0), byMember, byProject };
}

function isEntryPosition(value: unknown): value is EntryPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && isSafeInteger(value.id);
}

function toEntry(row: SpendEntryRow): SpendEntry {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

function filterOf(query: { memberId?: string; projectId?: string }): EntryFilter {
  return {
    ...(query.memberId === undefined ? {} : { memberId: query.memberId }),
    ...(query.projectId === undefined ? {} : { projectId: query.projectId === NO_PROJECT ? null : query.projectId }),
  };
}

export async function spendEntriesPage(
  deps: WorkspaceDeps,
  space: WorkspaceSpace,
  query: { month?: string; memberId?: string; projectId?: string; cursor?: string },
): Promise<SpendEntriesPage> {
  requireAction(space, 'viewSpend');
  const { range } = monthAndRange(deps, query.month);
  const after = query.cursor ? decodeCursor(query.cursor, isEntryPosition) : null;
  const rows = await spendEntries(deps.db, space.workspaceId, range, filterOf(query), after, ENTRIES_PAGE_SIZE + 1);
  const page = rows.slice(0, ENTRIES_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > ENTRIES_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id } satisfies EntryPosition) : null;
  return { items: page.map(toEntry), nextCursor };
}

const CSV_HEADER = ['Date (UTC)', 'Member', 'Project', 'Entry', 'Generation', 'Prompt', 'Credits charged', 'Credits refunded'];

/** One entry as a CSV record: charges and refunds in their own columns, so no number is negative. */
function csvLine(row: SpendEntryRow): string {
  const project = row.projectId === null ? workspaceMessages.noProject : (row.projectName ?? workspaceMessages.deletedProject);
  const charged = row.reason === 'generation' ? -row.delta : 0;
  const refunded = row.reason === 'refund' ? row.delta : 0;
  return csvRecord([new Date(row.createdAt).toISOString(), row.memberEmail, project, row.reason === 'generation' ? 'charge' : 'refund', row.generationId, row.prompt, charged, refunded]);
}

/** The month's entries as a CSV stream, read a chunk at a time; its file name names the workspace and month. */
export function spendCsv(deps: WorkspaceDeps, space: WorkspaceSpace, requested: string | undefined): { fileName: string; body: ReadableStream<Uint8Array> } {
  requireAction(space, 'viewSpend');
  const { month, range } = monthAndRange(deps, requested);
  const encoder = new TextEncoder();
  let after: EntryPosition | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRecord(CSV_HEADER)));
        return;
      }
      const rows = await spendEntries(deps.db, space.workspaceId, range, {}, after, CSV_CHUNK);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
      const last = rows.at(-1);
      if (rows.length < CSV_CHUNK || !last) controller.close();
      else after = { createdAt: last.createdAt, id: last.id };
    },
  });
  const slug = space.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'workspace';
  return { fileName: `${slug}-spend-${month}.csv`, body };
}
