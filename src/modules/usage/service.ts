import { PLANS } from '../../billing/plans.ts';
import { startOfUtcMonth } from '../../lib/clock.ts';
import type { Services } from '../../services.ts';
import { webhookSecret } from '../../jobs/webhook-job.ts';
import type { UsageReport } from './model.ts';

const isoDate = (time: number) => new Date(time).toISOString();

/** Balance, holds, live grants and this UTC month's captured use per key: everything GET /api/v1/usage shows. */
export async function usageReport(services: Services, accountId: string): Promise<UsageReport> {
  const account = await services.accounts.findAccount(accountId);
  if (!account) throw new Error(`account ${accountId} vanished while authenticated`);
  const [keys, monthByKey, balance, held, grants] = await Promise.all([
    services.accounts.listKeys(account.id),
    services.usage.monthByKey(account.id),
    services.ledger.balance(account.id),
    services.ledger.heldCredits(account.id),
    services.ledger.grants(account.id),
  ]);
  const month = new Map(monthByKey.map((row) => [row.apiKeyId, row]));
  // Active keys always appear (zeros when unused); revoked keys and key-less use only when they have usage this month.
  const keyIds: (string | null)[] = [...keys.filter((key) => key.revokedAt === null).map((key) => key.id)];
  for (const keyId of month.keys()) if (!keyIds.includes(keyId)) keyIds.push(keyId);
  const byId = new Map(keys.map((key) => [key.id, key]));
  return {
    account: account.id,
    plan: { id: account.plan, name: PLANS[account.plan].name, monthly_credits: PLANS[account.plan].monthlyCredits },
    balance,
    held,
    webhook_signing_secret: webhookSecret(services.secret, account.id),
    grants: grants.map((grant) => ({
      id: grant.id,
      source: grant.source,
      credits: grant.credits,
      remaining: grant.remaining,
      granted_at: isoDate(grant.grantedAt),
      expires_at: isoDate(grant.expiresAt),
    })),
    month: {
      start: isoDate(startOfUtcMonth(services.clock.now())),
      keys: keyIds.map((keyId) => {
        const key = keyId === null ? undefined : byId.get(keyId);
        const row = month.get(keyId);
        return {
          key_id: keyId,
          name: key?.name ?? null,
          prefix: key?.prefix ?? null,
          characters: Number(row?.characters ?? 0),
          credits: Number(row?.credits ?? 0),
          requests: Number(row?.requests ?? 0),
          monthly_cap_characters: key?.monthlyCapCharacters ?? null,
        };
      }),
    },
  };
}
