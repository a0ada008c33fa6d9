/** The three plan cards of the pricing screen (docs/decisions/0035): id, name, label, badge, description, price, details. */
import { CREDIT_PRICE_INR, STARTING_CREDITS } from '#shared/limits';
import { paymentMessages } from '#shared/messages/payments';
import type { Plan } from '#shared/plans';

export interface PlanDefinition {
  id: Plan;
  name: string;
  label: string;
  /** The ribbon on the card's corner, if any. */
  badge: string | null;
  description: string;
  /** In rupees; null when arranged with sales. */
  price: number | null;
  /** What the price buys, under the figure. */
  priceUnit: string;
  details: string[];
}

export const PLAN_DEFINITIONS: PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free Trail',
    label: 'Opening Week Offer',
    badge: null,
    description: 'Try every model of the Parti Engine on us.',
    price: 0,
    priceUnit: `${STARTING_CREDITS} trial credits`,
    details: [
      `${STARTING_CREDITS} trial credits when you sign up`,
      'Fast, Standard, Ultra and Concept models',
      'Generations saved publicly in the gallery',
      'Watermarked output',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    label: 'Pay as you go',
    badge: `₹${CREDIT_PRICE_INR}/Credit`,
    description: 'Buy the credits you need. They never expire.',
    price: CREDIT_PRICE_INR,
    priceUnit: 'per credit',
    details: [
      'Purchased credits never expire',
      'Generations saved privately',
      'Watermark-free output',
      'Up to 4 views per request, 1K, 2K or 4K',
      'Email support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    label: 'For studios and firms',
    badge: null,
    description: 'Unlimited access for your whole practice.',
    price: null,
    priceUnit: 'billed monthly or per project',
    details: [
      'Unlimited access',
      'Billing monthly or per project',
      'Onboarding and account management',
      'Priority email support',
      'Private, watermark-free output',
    ],
  },
];

export function isPlanId(value: string | null): value is Plan {
  return value === 'free' || value === 'pro' || value === 'enterprise';
}

/** The ribbon on the member's own card. */
export function memberRibbon(plan: Plan, credits: number): string {
  return paymentMessages.memberRibbon[plan](credits);
}

/**
 * The card that wears the highlight: a paying member's own plan (an enterprise member is never
 * pointed at Pro); for a free member or a visitor, the plan the link asked for (default Pro), the
 * one they came to consider (docs/decisions/0050-touch-and-layout.md).
 */
export function highlightedPlan(requested: Plan, memberPlan: Plan | undefined): Plan {
  return memberPlan === 'pro' || memberPlan === 'enterprise' ? memberPlan : requested;
}
