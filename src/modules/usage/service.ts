import { PLANS } from '../../billing/plans.ts';
import type { UsageQueries } from '../../db/usage.ts';
import { startOfUtcMonth } from '../../lib/clock.ts';
import type { Services } from '../../services.ts';
import { webhookSecret } from '../../jobs/webhook-job.ts';
import type { UsageReport } from './model.ts';

const isoDate = (time: number) => new Date(time).toISOString();

/** Balance, holds, live grants and this UTC month's captured use per key: everything GET /api/v1/usage shows. */
export function usageReport(services: Services, usage: UsageQueries, accountId: string): UsageReport {
  const account = services.accounts.findAccount(accountId);
  if (!account) throw new Error(`account ${accountId} vanished while authenticated`);
  const keys = services.accounts.listKeys(account.id);
  const month = new Map(usage.monthByKey(account.id).map((row) => [row.apiKeyId, row]));
  // Active keys always appear (zeros when unused); revoked keys and key-less use only when they have usage this month.
  const keyIds: (string | null)[] = [...keys.filter((key) => key.revokedAt === null).map((key) => key.id)];
  for (const keyId of month.keys()) if (!keyIds.includes(keyId)) keyIds.push(keyId);
  const byId = new Map(keys.map((key) => [key.id, key]));
  return {
    account: account.id,
    plan: { id: account.plan, name: PLANS[account.plan].name, monthly_credits: PLANS[account.plan].monthlyCredits },
    balance: services.ledger.balance(account.id),
    held: services.ledger.heldCredits(account.id),
    webhook_signing_secret: webhookSecret(services.secret, account.id),
    grants: services.ledger.grants(account.id).map((grant) => ({
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
