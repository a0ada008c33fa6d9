import { useEffect } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { creditMessages } from '#shared/messages/credits';
import { isUnlimited, type Plan } from '#shared/plans';
import { paths } from '../app/routing';
import { useProfile } from '../queries/profile';
import { BillingDetailsSection } from './BillingDetailsForm';
import { creditsMessages } from './copy';
import { LedgerTable } from './LedgerTable';
import { PurchasesTable } from './PurchasesTable';
import './credits.css';

/** The balance and plan above the history; enterprise reads 'Unlimited credits' and why it has no charges. */
function BalanceCard({ credits, plan }: { credits: number; plan: Plan }) {
  const unlimited = isUnlimited(plan);
  return (
    <div className="credits-summary">
      <div className="credits-summary-figure">
        <p className="credits-summary-label" id="credits-balance-label">
          {creditsMessages.balance}
        </p>
        <p className="credits-summary-value" aria-labelledby="credits-balance-label" data-testid="credits-balance">
          {unlimited ? (
            creditMessages.unlimitedCredits
          ) : (
            <>
              <span className="credits-summary-number">{credits}</span> {creditsMessages.creditsUnit(credits)}
            </>
          )}
        </p>
        <p className="credits-plan">{creditsMessages.plan[plan]}</p>
      </div>
      {!unlimited && (
        <Link href={paths.pricing} className="button button--primary credits-buy">
          {creditsMessages.buyCredits}
        </Link>
      )}
      {unlimited && <p className="credits-summary-note">{creditsMessages.enterpriseNote(credits)}</p>}
    </div>
  );
}

/**
 * /credits: the balance, the purchases with their receipts and refunds, the billing details
 * receipts print, then every row of the credit ledger (docs/decisions/0061-credits-page.md, 0092).
 */
export function CreditsPage() {
  const user = useProfile();
  useEffect(() => {
    document.title = `${creditsMessages.title} — ${PRODUCT_NAME}`;
  }, []);
  return (
    <section className="page page--credits" aria-labelledby="credits-title">
      <header className="credits-header">
        <p className="credits-eyebrow">{creditsMessages.eyebrow}</p>
        <h1 id="credits-title">{creditsMessages.title}</h1>
        <p className="credits-lede">{creditsMessages.lede}</p>
      </header>
      {user && (
        <>
          <BalanceCard credits={user.credits} plan={user.plan} />
          <PurchasesTable userId={user.id} />
          <BillingDetailsSection userId={user.id} />
          <LedgerTable userId={user.id} />
        </>
      )}
    </section>
  );
}
