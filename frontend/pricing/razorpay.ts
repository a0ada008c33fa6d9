/**
 * Razorpay's checkout.js, loaded only on the pricing page and only in live mode
 * (docs/decisions/0024): the one third-party script of the app.
 */
import type { CheckoutSuccess } from '#shared/payments';

/** How long the pricing page shows the success message (docs/decisions/0035-pricing-screen.md). */
export const PAYMENT_SUCCESS_MS = 5000;

const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The checkout's accent: the app's terracotta (--accent). */
export const CHECKOUT_THEME_COLOR = '#a4471f';

interface RazorpayFailure {
  error?: { description?: string; metadata?: { payment_id?: string; order_id?: string } };
}

interface RazorpayOptions {
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

interface RazorpayCheckout {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: RazorpayFailure) => void) => void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

class CheckoutScriptError extends Error {}

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
