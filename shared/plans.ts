export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'free';
}

/** Enterprise is never charged credits. */
export function isUnlimited(plan: Plan): boolean {
  return plan === 'enterprise';
}

/** Free output is public and watermarked; paid output is private and clean. */
export function defaultVisibility(plan: Plan): 'public' | 'private' {
  return plan === 'free' ? 'public' : 'private';
}

/** After a purchase free becomes pro; enterprise stays enterprise. */
export function planAfterPurchase(plan: Plan): Plan {
  return plan === 'enterprise' ? 'enterprise' : 'pro';
}

/** A plan's name as the product writes it in a sentence ("you are on the Free plan"). */
export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' };
