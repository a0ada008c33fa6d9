import { useEffect } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { creditMessages } from '#shared/messages/credits';
import { isUnlimited, type Plan } from '#shared/plans';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import { useSpaceBalance, useSpaceCan, useSpaceOwner } from '../workspaces/hooks';
import { useSessionWorkspace } from '../workspaces/session-space';
import { BillingDetailsSection } from './BillingDetailsForm';
import { creditsMessages } from './copy';
import { LedgerTable } from './LedgerTable';
import { PurchasesTable } from './PurchasesTable';
import './credits.css';

/** The balance and plan above the history; enterprise reads 'Unlimited credits' and why it has no charges. */
function BalanceCard({ credits, plan, canBuy }: { credits: number; plan: Plan; canBuy: boolean }) {
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
      {!unlimited && canBuy && (
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
  const userId = useAuth((state) => state.userId);
  const owner = useSpaceOwner();
  const balance = useSpaceBalance();
  const workspace = useSessionWorkspace();
  // In a workspace: the pool's balance to everyone, its ledger to owners and admins, its purchases to its owner.
  const seesLedger = useSpaceCan('viewSpend');
  const buys = useSpaceCan('buyCredits');
  useEffect(() => {
    document.title = `${creditsMessages.title} — ${PRODUCT_NAME}`;
  }, []);
  return (
    <section className="page page--credits" aria-labelledby="credits-title">
      <header className="credits-header">
        <p className="credits-eyebrow">{creditsMessages.eyebrow}</p>
        <h1 id="credits-title">{creditsMessages.title}</h1>
        <p className="credits-lede">{workspace ? creditsMessages.workspaceLede(workspace.name) : creditsMessages.lede}</p>
      </header>
      {userId && balance && (
        <>
          <BalanceCard credits={balance.credits} plan={balance.plan} canBuy={buys} />
          {buys && <PurchasesTable owner={owner} />}
          <BillingDetailsSection userId={userId} />
          {seesLedger && <LedgerTable owner={owner} />}
        </>
      )}
    </section>
  );
}
