import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Purchase } from '../api/credits';
import { purchaseRows, purchasesQuery } from '../queries/credits';
import { creditsMessages } from './copy';
import { amountPaid, refundLines, statusLabel } from './purchase-rules';
import { formatLedgerDate } from './rules';
import './purchases.css';

const { purchases: copy } = creditsMessages;

function PaidOn({ iso, className }: { iso: string; className: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatLedgerDate(iso).date}
    </time>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const refunds = refundLines(purchase);
  return (
    <tr className={`purchase-row is-${purchase.status}`} data-order={purchase.orderId}>
      <td className="purchase-col-date">
        <PaidOn iso={purchase.paidAt} className="ledger-date" />
      </td>
      <td className="purchase-what">
        <div className="ledger-activity-body">
          <span className="ledger-title purchase-title">
            <span className="purchase-credits">{copy.credits(purchase.credits)}</span>
            {purchase.mode === 'test' && <span className="purchase-test-chip">{copy.testMode}</span>}
          </span>
          <span className="ledger-reference">{creditsMessages.payment(purchase.paymentId)}</span>
          {refunds.map((line) => (
            <span key={line} className="purchase-refund">
              {line}
            </span>
          ))}
          {/* On a phone the date and status columns are hidden and both sit here instead. */}
          <span className={`purchase-status purchase-status-inline is-${purchase.status}`}>{statusLabel(purchase)}</span>
          <PaidOn iso={purchase.paidAt} className="ledger-date-inline" />
        </div>
      </td>
      <td className="purchase-amount">{amountPaid(purchase)}</td>
      <td className="purchase-status-cell">
        <span className={`purchase-status is-${purchase.status}`}>{statusLabel(purchase)}</span>
      </td>
      <td className="purchase-receipt">
        <a href={purchase.receipt.url} target="_blank" rel="noopener" aria-label={copy.receiptName(purchase.receipt.number)}>
          {copy.receipt}
        </a>
      </td>
    </tr>
  );
}

/** Every paid order, newest first: the rupees paid, the credits, refunds and a link to its receipt. */
/** `owner`: the space whose purchases they are (workspaces/current-space.ts spaceOwner). */
export function PurchasesTable({ owner }: { owner: string }) {
  const purchases = useInfiniteQuery(purchasesQuery(owner));
  const rows = useMemo(() => purchaseRows(purchases.data), [purchases.data]);
  const { columns } = copy;
  return (
    <section className="credits-history credits-purchases" aria-labelledby="credits-purchases-title">
      <h2 id="credits-purchases-title">{copy.title}</h2>
      {purchases.isError && rows.length === 0 ? (
        <div className="credits-message" role="alert">
          <p>{copy.loadFailed}</p>
          <button type="button" className="button" onClick={() => void purchases.refetch()}>
            {creditsMessages.retry}
          </button>
        </div>
      ) : purchases.isSuccess && rows.length === 0 ? (
        <p className="credits-message purchases-empty">{copy.empty}</p>
      ) : (
        <table className="credits-table purchase-table" aria-labelledby="credits-purchases-title" aria-busy={purchases.isPending}>
          <thead>
            <tr>
              <th scope="col" className="purchase-col-date">{columns.date}</th>
              <th scope="col">{columns.purchase}</th>
              <th scope="col" className="purchase-amount">{columns.amount}</th>
              <th scope="col" className="purchase-status-cell">{columns.status}</th>
              <th scope="col" className="purchase-receipt">
                <span className="visually-hidden">{columns.receipt}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((purchase) => (
              <PurchaseRow key={purchase.orderId} purchase={purchase} />
            ))}
          </tbody>
        </table>
      )}
      {purchases.isPending && <p className="credits-message">{creditsMessages.loading}</p>}
      {purchases.hasNextPage && (
        <div className="credits-more">
          <button type="button" className="button" disabled={purchases.isFetchingNextPage} onClick={() => void purchases.fetchNextPage()}>
            {purchases.isFetchingNextPage ? creditsMessages.loading : creditsMessages.loadMore}
          </button>
        </div>
      )}
    </section>
  );
}
