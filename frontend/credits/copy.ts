/**
 * Labels of the Credits page: ours, as the original product had no such page
 * (docs/decisions/0027-texts-word-for-word.md). Why a generation failed is the studio's own
 * wording (studioMessages.failureReasons), so the page and the studio say the same thing.
 */
import { PRODUCT_NAME } from '#shared/messages/brand';

export const creditsMessages = {
  title: 'Credits',
  eyebrow: 'Account',
  lede: 'Your purchases with their receipts, and every credit added to or taken from your account, newest first. A generation that produces no image is refunded in full.',
  workspaceLede: (workspace: string) =>
    `The pool of ${workspace}: what its owner bought, and every credit its members spent, newest first. A generation that produces no image is refunded to the pool in full.`,
  balance: 'Balance',
  creditsUnit: (count: number) => (count === 1 ? 'credit' : 'credits'),
  plan: { free: 'Free plan', pro: 'Pro plan', enterprise: 'Enterprise plan' },
  enterpriseNote: (held: number) =>
    `Enterprise generations are never charged, so they add no rows here. The balance column counts the ${held} ${held === 1 ? 'credit' : 'credits'} your account holds.`,
  buyCredits: 'Buy credits',
  history: 'History',
  columns: { date: 'Date', activity: 'Activity', delta: 'Credits', balance: 'Balance after' },
  reasons: {
    signup: 'Sign-up grant',
    generation: 'Generation',
    refund: 'Refund',
    purchase: 'Purchase',
    operator: `Adjustment by ${PRODUCT_NAME}`,
    purchase_refund: 'Purchase refunded',
  },
  signupDetail: 'Free credits to start with.',
  byMember: (email: string) => `By ${email}`,
  cancelled: 'You cancelled the generation before it started.',
  refundedInFull: 'Your credits came back in full.',
  noImage: 'The generation produced no image.',
  outcome: {
    running: 'Still generating.',
    delivered: 'View in Dashboard',
    deleted: 'You deleted this generation since.',
    refunded: 'No image came back, so this was refunded.',
  },
  payment: (paymentId: string) => `Payment ${paymentId}`,
  purchaseRefunded: (rupees: string) => `₹${rupees} went back to your payment, and its credits with it.`,
  alreadySpent: (credits: number) =>
    `${credits} ${credits === 1 ? 'credit' : 'credits'} of it had been used already, so ${credits === 1 ? 'it was' : 'they were'} not taken back.`,
  purchases: {
    title: 'Purchases',
    columns: { date: 'Date', purchase: 'Purchase', amount: 'Paid', status: 'Status', receipt: 'Receipt' },
    credits: (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`,
    status: { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded' },
    testMode: 'Test mode',
    receipt: 'Receipt',
    receiptName: (number: string | null) => `Receipt${number ? ` ${number}` : ''} (PDF, opens in a new tab)`,
    refund: (rupees: string, date: string, taken: number) =>
      `₹${rupees} refunded on ${date}; ${taken} ${taken === 1 ? 'credit' : 'credits'} taken back.`,
    alreadySpent: (credits: number) => `${credits} ${credits === 1 ? 'credit' : 'credits'} had been used already and stayed used.`,
    empty: 'No purchases yet. Receipts for the credits you buy appear here.',
    loadFailed: 'Your purchases could not be loaded.',
  },
  billing: {
    title: 'Billing details',
    intro: 'Printed on the receipts of your next purchases. With your GSTIN, receipts are made out to your business for GST input credit.',
    name: 'Name on receipts',
    nameHint: 'Your legal or business name, as on your GST registration.',
    gstin: 'GSTIN (optional)',
    state: 'State',
    stateFromGstin: 'Set by your GSTIN',
    noState: 'Not given',
    address: 'Billing address',
    save: 'Save billing details',
    saving: 'Saving…',
    saved: 'Saved. Your next receipts will carry these details.',
    loadFailed: 'Your billing details could not be loaded.',
  },
  loadMore: 'Load more',
  loading: 'Loading…',
  empty: 'No credit activity yet.',
  loadFailed: 'Your credit history could not be loaded.',
  retry: 'Try again',
} as const;
