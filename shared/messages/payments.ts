/** Pricing, checkout and payment states. */
export const paymentMessages = {
  memberRibbon: {
    free: (credits: number) => `Free Member — ${credits} Credits Left`,
    pro: (credits: number) => `Pro Member — ${credits} Credits Left`,
    enterprise: () => 'Enterprise Member',
  },
  invalidCredits: 'Invalid credits amount. Must be between 1 and 100',
  invalidAmount: (expected: string, credits: number, amount: string) =>
    `Invalid amount. Expected ₹${expected} for ${credits} credits, got ₹${amount}`,
  loginToPay: 'Please log in to make a payment.',
  scriptLoadFailed: 'Failed to load Razorpay script',
  sdkMissing: 'Razorpay SDK not loaded',
  initiateFailed: 'Failed to initiate payment. Please try again.',
  processingFailed: 'Payment processing failed',
  paymentFailedDefault: 'Payment failed. Please try again.',
  userNotFound: 'User not found. Please refresh and try again.',
  creditsNotAdded: (reason: string, paymentId: string) =>
    `Payment successful but failed to add credits: ${reason}. Please contact support with payment ID: ${paymentId}`,
  success: (credits: number) => `Payment successful! ${credits} credits added to your account.`,
  processing: 'Processing payment... Please complete the payment in the Razorpay window.',
  invalidSignature: 'The payment signature is not valid.',
  orderNotFound: 'Payment order not found.',
  unavailable: 'Payments are not available right now. Please try again later.',
  // A checkout closed too late to cancel anything (docs/decisions/0092-receipts-and-refunds.md).
  closedAfterPayment: (credits: number) =>
    `Checkout closed after your payment had gone through, so it could not be cancelled: ${credits} credits were added to your account. Your receipt is on the Credits page.`,
  closedAfterExpiry: 'This order had expired before checkout closed, so nothing was charged. Choose your credits again to start a new purchase.',
  closedWhileConfirming:
    'Checkout closed while your bank was still confirming the payment. If it goes through, the credits are added on their own: there is no need to pay again.',
} as const;
