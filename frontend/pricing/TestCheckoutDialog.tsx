import { PRODUCT_NAME } from '#shared/messages/brand';
import { formatInr, PAISE_PER_RUPEE } from '#shared/payments';
import type { PaymentOrder } from './api';
import { Modal } from '../ui/Modal';

interface TestCheckoutDialogProps {
  order: PaymentOrder | null;
  email: string;
  busy: boolean;
  onPay: () => void;
  onFail: () => void;
  onCancel: () => void;
}

/**
 * Stands in for Razorpay's checkout while no keys are configured (docs/decisions/0010). It is
 * plainly marked as test mode; paying asks the Worker to complete the order through the same
 * signature checks a real payment passes.
 */
export function TestCheckoutDialog({ order, email, busy, onPay, onFail, onCancel }: TestCheckoutDialogProps) {
  const rupees = order ? formatInr(order.amount / PAISE_PER_RUPEE) : '';
  return (
    <Modal open={order !== null} onClose={busy ? () => undefined : onCancel} label="Test checkout" className="test-checkout" closeOnBackdrop={false}>
      {order && (
        <div className="test-checkout-body">
          <p className="test-mode-banner" role="note">
            <span className="test-mode-chip">Test mode</span>
            No card is charged. Razorpay keys are not set, so this dialog stands in for Razorpay's checkout.
          </p>
          <h2 className="test-checkout-title">Test checkout</h2>
          <dl className="test-checkout-summary">
            <div>
              <dt>Merchant</dt>
              <dd>{PRODUCT_NAME}</dd>
            </div>
            <div>
              <dt>Description</dt>
              <dd>{order.credits} Credits Purchase</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>Order</dt>
              <dd className="test-checkout-order">{order.orderId}</dd>
            </div>
            <div className="test-checkout-total">
              <dt>Amount</dt>
              <dd>₹{rupees}</dd>
            </div>
          </dl>
          <div className="test-checkout-actions">
            <button type="button" className="button button--accent" onClick={onPay} disabled={busy} autoFocus>
              {busy ? 'Completing…' : `Pay ₹${rupees} (test)`}
            </button>
            <button type="button" className="button" onClick={onFail} disabled={busy}>
              Simulate a failed payment
            </button>
            <button type="button" className="link-button test-checkout-cancel" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
