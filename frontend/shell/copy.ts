/** The navigation rail's labels. */
import { PRODUCT_NAME } from '#shared/messages/brand';

export const navMessages = {
  signInToUse: `Sign in to use ${PRODUCT_NAME}`,
  planLabel: {
    free: `${PRODUCT_NAME} — Free`,
    pro: `${PRODUCT_NAME} — Pro`,
    enterprise: `${PRODUCT_NAME} — Enterprise`,
  },
  noCreditLeft: 'No Credit Left—Buy Now',
  loading: 'Loading...',
  dashboard: 'Dashboard',
  signInForDashboardTooltip: 'Sign in to view Dashboard',
  pricing: 'View Pricing & Plans',
  account: 'Account',
  space: 'Space',
  /**
   * workspaceMessages.personal, written out: the shell is in every page's first script, and a
   * module is bundled whole, so importing that one word would bring every workspace text along
   * (tests/frontend/workspaces/rules.test.ts holds the two equal).
   */
  personal: 'Personal',
  credits: 'Credits',
  gallery: 'Gallery',
  about: `Learn about ${PRODUCT_NAME}`,
  skipToContent: 'Skip to content',
  skipToPrompt: 'Skip to the prompt',
} as const;

/** What a screen that failed to render says in its place (RouteErrorBoundary.tsx). */
export const errorMessages = {
  heading: 'This page could not be shown.',
  body: 'An error occurred. Please try again.',
  tryAgain: 'Try again',
  reload: 'Reload page',
} as const;
