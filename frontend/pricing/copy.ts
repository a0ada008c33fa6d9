/** The pricing screen's own labels (docs/decisions/0035-pricing-screen.md). */
export const pricingMessages = {
  pageTitle: 'Pricing & Plans — Parti',
} as const;
