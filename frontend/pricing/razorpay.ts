/**
 * Razorpay's checkout.js, loaded only on the pricing page and only in live mode
 * (decisions.md 27): the one third-party script of the app.
 */
import { CHECKOUT_SCRIPT_URL, type CheckoutSuccess } from '#shared/payments';

export interface RazorpayFailure {
  error?: { description?: string; metadata?: { payment_id?: string; order_id?: string } };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { email: string; name?: string };
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: RazorpayFailure) => void) => void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

export class CheckoutScriptError extends Error {}

let loading: Promise<void> | null = null;

export function loadCheckoutScript(): Promise<void> {
  if (razorpayConstructor()) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new CheckoutScriptError('checkout.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export function razorpayConstructor(): RazorpayConstructor | undefined {
  return (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
}
