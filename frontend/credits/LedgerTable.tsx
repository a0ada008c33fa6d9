import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { LedgerItem } from '../api/credits';
import { ledgerQuery, ledgerRows } from '../queries/credits';
import { creditsMessages } from './copy';
import { formatDelta, formatLedgerDate, ledgerActivity, ledgerTone } from './rules';

function LedgerDate({ iso, className }: { iso: string; className: string }) {
  const { date, time } = formatLedgerDate(iso);
  return (
    <time dateTime={iso} className={className}>
      <span>{date}</span> <span className="ledger-time">{time}</span>
    </time>
  );
}

function Activity({ item }: { item: LedgerItem }) {
  const activity = ledgerActivity(item);
  return (
    <>
      <span className="ledger-title">{activity.title}</span>
      {activity.detail !== null && (
        <span className={`ledger-detail${activity.quoted ? ' is-quoted' : ''}`}>
          {activity.quoted ? `“${activity.detail}”` : activity.detail}
        </span>
      )}
      {activity.link && (
        <Link href={activity.link.href} className="ledger-link">
          {activity.link.label}
        </Link>
      )}
      {activity.reference !== null && <span className="ledger-reference">{activity.reference}</span>}
      {/* A workspace's row names the member who spent, or the owner who bought. */}
      {item.member && <span className="ledger-member">{creditsMessages.byMember(item.member.email)}</span>}
      {/* On a phone the date column is hidden and the date sits here instead. */}
      <LedgerDate iso={item.createdAt} className="ledger-date-inline" />
    </>
  );
}

function LedgerRow({ item }: { item: LedgerItem }) {
  const tone = ledgerTone(item);
  return (
    <tr className={`ledger-row is-${tone}`} data-reason={item.reason}>
      <td className="ledger-col-date">
        <LedgerDate iso={item.createdAt} className="ledger-date" />
      </td>
      <td className="ledger-activity">
        <div className="ledger-activity-body">
          <Activity item={item} />
        </div>
      </td>
      <td className="ledger-delta">{formatDelta(item.delta)}</td>
      <td className="ledger-balance">{item.balanceAfter}</td>
    </tr>
  );
}

/** Every ledger row, newest first, a page at a time behind 'Load more'. */
/** `owner`: the space whose ledger it is (workspaces/current-space.ts spaceOwner). */
export function LedgerTable({ owner }: { owner: string }) {
  const ledger = useInfiniteQuery(ledgerQuery(owner));
  const rows = useMemo(() => ledgerRows(ledger.data), [ledger.data]);
  const { columns } = creditsMessages;
  return (
    <section className="credits-history" aria-labelledby="credits-history-title">
      <h2 id="credits-history-title">{creditsMessages.history}</h2>
      {ledger.isError && rows.length === 0 ? (
        <div className="credits-message" role="alert">
          <p>{creditsMessages.loadFailed}</p>
          <button type="button" className="button" onClick={() => void ledger.refetch()}>
            {creditsMessages.retry}
          </button>
        </div>
      ) : (
        <table className="credits-table ledger-table" aria-labelledby="credits-history-title" aria-busy={ledger.isPending}>
          <thead>
            <tr>
              <th scope="col" className="ledger-col-date">{columns.date}</th>
              <th scope="col">{columns.activity}</th>
              <th scope="col" className="ledger-delta">{columns.delta}</th>
              <th scope="col" className="ledger-balance">{columns.balance}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <LedgerRow key={item.id} item={item} />
            ))}
          </tbody>
        </table>
      )}
      {ledger.isPending && <p className="credits-message">{creditsMessages.loading}</p>}
      {ledger.isSuccess && rows.length === 0 && <p className="credits-message">{creditsMessages.empty}</p>}
      {ledger.hasNextPage && (
        <div className="credits-more">
          <button
            type="button"
            className="button"
            disabled={ledger.isFetchingNextPage}
            onClick={() => void ledger.fetchNextPage()}
          >
            {ledger.isFetchingNextPage ? creditsMessages.loading : creditsMessages.loadMore}
          </button>
        </div>
      )}
    </section>
  );
}
