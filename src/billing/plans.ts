/** Monthly plan credits (spec: from 5,000 on Basic up to 200,000 on Studio). Unused credits bank for 90 days. */
export const PLANS = {
  basic: { name: 'Basic', monthlyCredits: 5_000 },
  creator: { name: 'Creator', monthlyCredits: 20_000 },
  pro: { name: 'Pro', monthlyCredits: 60_000 },
  studio: { name: 'Studio', monthlyCredits: 200_000 },
} as const;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];
export const CREDIT_LIFETIME_DAYS = 90;
/**
 * Self-service sign-ups start with a trial grant (RECITE_SIGNUP_TRIAL_CREDITS, default 200 credits = 2,000 characters)
 * instead of plan credits; it expires after this many days.
 */
export const TRIAL_LIFETIME_DAYS = 30;
