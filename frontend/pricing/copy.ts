/** The pricing screen's own labels (docs/decisions/0035-pricing-screen.md). */
export const pricingMessages = {
  pageTitle: 'Pricing & Plans — Parti',
  /** Buying while the current space is a workspace its owner is in (docs/decisions/0098-workspaces-app.md). */
  forWorkspace: (workspace: string) => `Credits bought here go to the pool of ${workspace}.`,
  poolSuccess: (credits: number, workspace: string) => `Payment successful! ${credits} credits added to the pool of ${workspace}.`,
} as const;
