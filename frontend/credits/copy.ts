/**
 * Labels of the Credits page: ours, as the original product had no such page
 * (docs/decisions/0027-texts-word-for-word.md). Why a generation failed is the studio's own
 * wording (studioMessages.failureReasons), so the page and the studio say the same thing.
 */
import { PRODUCT_NAME } from '#shared/messages';

export const creditsMessages = {
  title: 'Credits',
  eyebrow: 'Account',
  lede: 'Every credit added to or taken from your account, newest first. A generation that produces no image is refunded in full.',
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
  loadMore: 'Load more',
  loading: 'Loading…',
  empty: 'No credit activity yet.',
  loadFailed: 'Your credit history could not be loaded.',
  retry: 'Try again',
} as const;
