/**
 * /workspaces/:id/spend (owners and admins): the credits a month cost, by member and by project,
 * each number opening the ledger rows behind it (SpendRows.tsx), and the month's rows as a CSV file.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { can, monthOf } from '#shared/workspace-rules';
import type { SpendLine } from '#shared/workspace-types';
import { errorMessage } from '../api/client';
import { workspacePath } from '../app/routing';
import { useAuth } from '../auth/store';
import { notify } from '../shell/notices';
import { saveBlob } from '../ui/save-blob';
import { fetchSpendCsv, type SpendLineFilter } from './api';
import { spendCopy, workspaceCopy } from './copy';
import { spendQuery, workspaceQuery } from './queries';
import { monthName, recentMonths, shareOf } from './rules';
import { SpendRows } from './SpendRows';
import './workspaces.css';

/** The line whose ledger rows are open. */
interface OpenLine {
  key: string;
  name: string;
  filter: SpendLineFilter;
}

function SpendList({ title, lines, total, kind, open, onOpen }: {
  title: string;
  lines: SpendLine[];
  total: number;
  kind: 'member' | 'project';
  open: OpenLine | null;
  onOpen: (line: OpenLine) => void;
}) {
  const titleId = useId();
  return (
    <section className="workspace-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {lines.length === 0 ? (
        <p className="workspace-message">{spendCopy.nothing}</p>
      ) : (
        <ul className="spend-lines">
          {lines.map((line) => {
            const key = `${kind}:${line.id ?? 'none'}`;
            const filter: SpendLineFilter = kind === 'member' ? { memberId: line.id ?? '' } : { projectId: line.id ?? 'none' };
            return (
              <li key={key} className="spend-line" data-testid={`spend-${kind}`}>
                <span className="spend-line-name">
                  {line.name}
                  {line.removed && <span className="member-you">{spendCopy.removedMember}</span>}
                </span>
                <button
                  type="button"
                  className="spend-amount"
                  aria-pressed={open?.key === key}
                  aria-label={spendCopy.showRows(line.name, line.credits)}
                  onClick={() => onOpen({ key, name: line.name, filter })}
                >
                  {line.credits}
                </button>
                <span className="spend-bar" aria-hidden="true">
                  <span style={{ width: `${shareOf(line.credits, total)}%` }} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function SpendPage({ id }: { id: string }) {
  const userId = useAuth((state) => state.userId ?? '');
  // The months offered are those up to the one the page opened in.
  const [months] = useState(() => recentMonths(Date.now()));
  const [month, setMonth] = useState(() => months[0] ?? monthOf(Date.now()));
  const [open, setOpen] = useState<OpenLine | null>(null);
  const [downloading, setDownloading] = useState(false);
  const monthId = useId();
  const workspace = useQuery({ ...workspaceQuery(userId, id), enabled: userId !== '' });
  const allowed = workspace.data ? can(workspace.data.role, 'viewSpend') : false;
  const spend = useQuery({ ...spendQuery(userId, id, month), enabled: userId !== '' && allowed });
  const name = workspace.data?.name ?? '';
  useEffect(() => {
    document.title = `${spendCopy.eyebrow}${name ? `: ${name}` : ''} — ${PRODUCT_NAME}`;
  }, [name]);

  const download = () => {
    setDownloading(true);
    fetchSpendCsv(id, month)
      .then(({ blob, fileName }) => saveBlob(blob, fileName ?? `${name || 'workspace'}-${month}.csv`))
      .catch((error: unknown) => notify(errorMessage(error, workspaceCopy.failed), { tone: 'error' }))
      .finally(() => setDownloading(false));
  };

  if (!workspace.data || !allowed) {
    const heading = workspace.isPending ? workspaceCopy.loading : workspace.isError ? workspaceCopy.notFound : spendCopy.notAllowed;
    return (
      <section className="page page--workspace" aria-busy={workspace.isPending}>
        <p className="workspace-eyebrow">{spendCopy.eyebrow}</p>
        <h1>{heading}</h1>
      </section>
    );
  }
  const total = spend.data?.total ?? 0;
  return (
    <section className="page page--workspace" aria-labelledby="spend-title">
      <p className="workspace-eyebrow">{spendCopy.eyebrow}</p>
      <h1 id="spend-title">{spendCopy.title(name)}</h1>
      <p className="workspace-lede">
        <Link href={workspacePath(id)}>{spendCopy.back}</Link>
      </p>
      <div className="spend-controls">
        <div className="spend-month">
          <label htmlFor={monthId}>{spendCopy.month}</label>
          <select
            id={monthId}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setOpen(null);
            }}
          >
            {months.map((option) => (
              <option key={option} value={option}>
                {monthName(option)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={downloading} onClick={download}>
          {downloading ? spendCopy.downloading : spendCopy.download}
        </button>
      </div>
      <div className="workspace-card workspace-summary">
        <div>
          <p className="workspace-muted">{spendCopy.total(monthName(month))}</p>
          <p className="workspace-figure" data-testid="spend-total" aria-busy={spend.isPending}>
            {spend.data ? total : '…'}
          </p>
        </div>
      </div>
      {spend.isError && (
        <p className="form-error" role="alert">
          {errorMessage(spend.error, workspaceCopy.failed)}
        </p>
      )}
      {spend.data && (
        <div className="spend-columns">
          <SpendList title={spendCopy.byMember} lines={spend.data.byMember} total={total} kind="member" open={open} onOpen={setOpen} />
          <SpendList title={spendCopy.byProject} lines={spend.data.byProject} total={total} kind="project" open={open} onOpen={setOpen} />
        </div>
      )}
      <SpendRows
        workspaceId={id}
        userId={userId}
        month={month}
        line={open?.filter ?? {}}
        title={open ? spendCopy.rowsOf(open.name) : spendCopy.allRows}
        onShowAll={open ? () => setOpen(null) : null}
      />
    </section>
  );
}
