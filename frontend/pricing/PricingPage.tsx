import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { RECOMMENDED_CREDITS } from '#shared/limits';
import { CONTACT_EMAIL } from '#shared/messages/brand';
import { paymentMessages } from '#shared/messages/payments';
import { formatInr, priceInRupees, type PaymentsMode } from '#shared/payments';
import type { Plan } from '#shared/plans';
import { paymentsMode } from './api';
import { CreditSlider } from './CreditSlider';
import { PaymentStatus } from './PaymentStatus';
import { PlanCard } from './PlanCard';
import { highlightedPlan, isPlanId, memberRibbon, PLAN_DEFINITIONS } from './plans';
import { TestCheckoutDialog } from './TestCheckoutDialog';
import { usePurchase } from './usePurchase';
import { pricingMessages } from './copy';
import { loginPathWithRedirect, paths } from '../app/routing';
import { useAuth, useSessionProfile } from '../auth/store';
import { spaceRefusal } from '../workspaces/rules';
import { spaceRole, useSessionBalance, useSessionWorkspace } from '../workspaces/session-space';
import './pricing.css';

const SALES_MAILTO = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Parti Enterprise')}`;

/** /pricing (docs/decisions/0035): the three plans, Buy Credits with its slider, and the payment states. */
export function PricingPage() {
  const query = new URLSearchParams(useSearch()).get('plan');
  const selectedPlan: Plan = isPlanId(query) ? query : 'pro';
  const user = useSessionProfile();
  // Signed in, the plan and balance are the current space's: a workspace's owner buys for its pool.
  const balance = useSessionBalance();
  const workspace = useSessionWorkspace();
  const buyRefusal = spaceRefusal(spaceRole(workspace), 'buyCredits');
  // Signed in, the page waits for that balance (plan, credits) as it waits for the session.
  const status = useAuth((state) => (state.status === 'signedIn' && !balance ? 'loading' : state.status));
  const [credits, setCredits] = useState(RECOMMENDED_CREDITS);
  const [mode, setMode] = useState<PaymentsMode | null>(null);
  const purchase = usePurchase();
  const processing = purchase.state.phase === 'processing';
  const plan = status === 'signedIn' ? balance?.plan : undefined;

  useEffect(() => {
    document.title = pricingMessages.pageTitle;
    paymentsMode().then(setMode, () => setMode(null));
  }, []);

  const ribbonFor = (id: Plan) => (balance && plan === id ? memberRibbon(id, balance.credits) : null);

  return (
    <section className="page pricing-page">
      <header className="pricing-hero">
        <p className="pricing-eyebrow">Pricing &amp; Plans</p>
        <h1>Credits for every stage of a design</h1>
        <p className="pricing-lede">
          Start with {RECOMMENDED_CREDITS} free credits. Buy more at ₹{formatInr(priceInRupees(1))} each when you
          need them — they never expire.
        </p>
      </header>

      <PaymentStatus state={purchase.state} onDismiss={purchase.dismiss}>
        {purchase.state.message === paymentMessages.loginToPay && (
          <p className="payment-login-link">
            <Link href={loginPathWithRedirect(`${paths.pricing}?plan=pro`)}>Log in or sign up to buy credits</Link>
          </p>
        )}
      </PaymentStatus>

      <div className="pricing-grid">
        {PLAN_DEFINITIONS.map((definition) => (
          <PlanCard
            key={definition.id}
            plan={definition}
            memberRibbon={ribbonFor(definition.id)}
            highlighted={definition.id === highlightedPlan(selectedPlan, plan)}
          >
            {definition.id === 'free' && <FreeAction status={status} plan={plan} selectedPlan={selectedPlan} />}
            {definition.id === 'pro' && (
              <>
                {mode === 'test' && plan !== 'enterprise' && (
                  <p className="test-mode-note">
                    <span className="test-mode-chip">Test mode</span> No card is charged.
                  </p>
                )}
                {mode === 'unavailable' && plan !== 'enterprise' && (
                  <p className="test-mode-note payments-unavailable">{paymentMessages.unavailable}</p>
                )}
                {workspace && plan !== 'enterprise' && (
                  <p className="test-mode-note" data-testid="buying-for">
                    {buyRefusal ?? pricingMessages.forWorkspace(workspace.name)}
                  </p>
                )}
                <CreditSlider value={credits} onChange={setCredits} disabled={processing || plan === 'enterprise' || buyRefusal !== null} />
                <button
                  type="button"
                  className="button button--accent plan-button"
                  disabled={processing || plan === 'enterprise' || status === 'loading' || mode === 'unavailable' || buyRefusal !== null}
                  onClick={() => void purchase.buy(credits)}
                >
                  {plan === 'enterprise' ? 'Included in Enterprise' : 'Buy Credits'}
                </button>
              </>
            )}
            {definition.id === 'enterprise' && (
              <a className="button plan-button" href={SALES_MAILTO}>
                Contact Sales
              </a>
            )}
          </PlanCard>
        ))}
      </div>

      <p className="pricing-footnote">
        Prices in Indian rupees. Every purchase has a receipt on your{' '}
        <Link href={`${paths.credits}#billing`}>Credits page</Link>, made out to the billing details (your GSTIN, say) you
        give there before you buy. Questions about plans or invoices? Write to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <TestCheckoutDialog
        order={purchase.testOrder}
        email={user?.email ?? ''}
        busy={purchase.testBusy}
        onPay={() => void purchase.completeTest('paid')}
        onFail={() => void purchase.completeTest('failed')}
        onCancel={() => void purchase.closeCheckout()}
      />
    </section>
  );
}

function FreeAction({ status, plan, selectedPlan }: { status: string; plan: Plan | undefined; selectedPlan: Plan }) {
  if (plan === 'pro' || plan === 'enterprise') {
    return (
      <button type="button" className="button plan-button" disabled>
        {plan === 'pro' ? 'Enjoy your Pro Features' : 'Enjoy your Enterprise Features'}
      </button>
    );
  }
  if (status === 'signedIn') {
    return (
      <Link className="button plan-button" href={paths.startFree}>
        Start Free
      </Link>
    );
  }
  if (status === 'loading') {
    return (
      <button type="button" className="button plan-button" disabled>
        Start Free
      </button>
    );
  }
  // Signed out: a new account first (the Sign Up tab), then on to the studio the visitor came for.
  const redirect = selectedPlan === 'free' ? 'startfree' : 'generate';
  return (
    <Link className="button plan-button" href={loginPathWithRedirect(redirect, { plan: selectedPlan, mode: 'signup' })}>
      Start Free
    </Link>
  );
}
