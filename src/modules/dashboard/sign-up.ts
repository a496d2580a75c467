import { TRIAL_LIFETIME_DAYS } from '../../billing/plans.ts';
import type { CreditLedger } from '../../billing/credit-ledger.ts';
import { NO_PLAN_GRANTS, type Account, type AccountStore } from '../../db/stores.ts';

/**
 * A dashboard sign-up: the account gets the operator's trial grant (RECITE_SIGNUP_TRIAL_CREDITS) and no plan credits.
 * Plan credits come only from an operator (`recite admin set-plan`) or a billing integration, so scripted sign-ups
 * cannot mint them. Returns null when the email is taken.
 */
export async function createSelfServiceAccount(
  accounts: AccountStore,
  ledger: Pick<CreditLedger, 'grant'>,
  options: { email: string; password: string; trialCredits: number },
): Promise<Account | null> {
  const account = await accounts.createAccount({
    email: options.email,
    password: options.password,
    plan: 'basic',
    firstPlanGrantAt: NO_PLAN_GRANTS,
  });
  if (account && options.trialCredits > 0) {
    await ledger.grant({
      accountId: account.id,
      credits: options.trialCredits,
      source: 'admin',
      expiresInDays: TRIAL_LIFETIME_DAYS,
      note: 'sign-up trial',
    });
  }
  return account;
}
