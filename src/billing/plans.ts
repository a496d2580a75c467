import { DAY_MS, startOfNextUtcMonth } from '../lib/clock.ts';

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

/**
 * The plan grants an account is owed at `now`, one per month boundary passed since `nextPlanGrantAt`, and when the
 * next one is due. A grant banks for CREDIT_LIFETIME_DAYS from the instant it is granted: the month boundary, or for
 * the first month the sign-up itself (the first grant is due at the start of the sign-up month, before the account
 * existed). Grants that would already have expired are skipped. Both ledgers (SQLite and Postgres) apply exactly this.
 */
export function planGrantsDue(
  account: { plan: PlanId; createdAt: number; nextPlanGrantAt: number },
  now: number,
): { grants: { credits: number; grantedAt: number; expiresAt: number; note: string }[]; nextPlanGrantAt: number } {
  const grants: { credits: number; grantedAt: number; expiresAt: number; note: string }[] = [];
  let due = account.nextPlanGrantAt;
  while (due <= now) {
    const grantedAt = Math.max(due, account.createdAt);
    const expiresAt = grantedAt + CREDIT_LIFETIME_DAYS * DAY_MS;
    if (expiresAt > now)
      grants.push({ credits: PLANS[account.plan].monthlyCredits, grantedAt, expiresAt, note: `${account.plan} plan` });
    due = startOfNextUtcMonth(due);
  }
  return { grants, nextPlanGrantAt: due };
}
