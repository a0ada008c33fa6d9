/** The ledger rows behind a spend line (or the whole month), newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { SpendEntry } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import type { SpendLineFilter } from './api';
import { spendCopy, workspaceCopy } from './copy';
import { spendEntriesQuery, spendRows } from './queries';

const WHEN = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Activity({ entry }: { entry: SpendEntry }) {
  return (
    <>
      {entry.reason === 'refund' ? spendCopy.refund : spendCopy.generation}{' '}
      <span className="workspace-hint">{entry.prompt ? `“${entry.prompt}”` : spendCopy.deleted}</span>
    </>
  );
}

export function SpendRows({ workspaceId, userId, month, line, title, onShowAll }: {
  workspaceId: string;
  userId: string;
  month: string;
  line: SpendLineFilter;
  title: string;
  /** Back to every row of the month; null when they are shown. */
  onShowAll: (() => void) | null;
}) {
  const titleId = useId();
  const entries = useInfiniteQuery(spendEntriesQuery(userId, workspaceId, month, line));
  const rows = useMemo(() => spendRows(entries.data), [entries.data]);
  const { columns } = spendCopy;
  return (
    <section className="workspace-card spend-rows" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {onShowAll && (
        <p>
          <button type="button" className="link-button" onClick={onShowAll}>
            {spendCopy.showAll}
          </button>
        </p>
      )}
      {entries.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(entries.error, workspaceCopy.failed)}
        </p>
      ) : rows.length === 0 ? (
        <p className="workspace-message" aria-busy={entries.isPending}>
          {entries.isPending ? '…' : spendCopy.nothing}
        </p>
      ) : (
        <table className="workspace-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col" className="spend-col-date">
                {columns.date}
              </th>
              <th scope="col">{columns.member}</th>
              <th scope="col" className="spend-col-project">
                {columns.project}
              </th>
              <th scope="col">{columns.activity}</th>
              <th scope="col" className="is-number">
                {columns.credits}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} data-testid="spend-entry">
                <td className="spend-col-date">
                  <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
                </td>
                <td>{entry.memberEmail}</td>
                <td className="spend-col-project">{entry.projectName ?? workspaceMessages.noProject}</td>
                <td>
                  <Activity entry={entry} />
                </td>
                <td className="is-number">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entries.hasNextPage && (
        <button type="button" className="button" disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {spendCopy.more}
        </button>
      )}
    </section>
  );
}
