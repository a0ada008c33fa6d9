import type { ReactNode } from 'react';
import { Icon, closeIcon } from '../ui/icons';
import type { PurchaseState } from './usePurchase';

/**
 * The processing, success and error texts of the pricing screen, announced as they change. They
 * float over the page with whatever goes with them (`children`), so the cards never move
 * (docs/decisions/0050-touch-and-layout.md).
 */
export function PaymentStatus({ state, onDismiss, children }: { state: PurchaseState; onDismiss: () => void; children?: ReactNode }) {
  const urgent = state.phase === 'errored';
  const close = (
    <button type="button" className="payment-status-close" aria-label="Dismiss message" onClick={onDismiss}>
      <Icon path={closeIcon} size={16} />
    </button>
  );
  return (
    <div className="payment-status-region">
      <div role="alert" aria-live="assertive">
        {urgent && state.message && (
          <div className="payment-status payment-status--error">
            <div className="payment-status-text">
              <p>{state.message}</p>
              {state.detail && <p className="payment-status-detail">{state.detail}</p>}
            </div>
            {close}
          </div>
        )}
      </div>
      <div role="status" aria-live="polite">
        {!urgent && state.message && (
          <div className={`payment-status payment-status--${state.phase}`}>
            {state.phase === 'processing' && <span className="payment-spinner" aria-hidden="true" />}
            <p className="payment-status-text">{state.message}</p>
            {/* A checkout closed too late explains itself until read: no timer takes it away. */}
            {state.phase === 'closedLate' && close}
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
