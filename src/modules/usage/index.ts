import { Elysia, t } from 'elysia';
import { authorizeApiRequest, withOwedHeaders } from '../../auth/authorize.ts';
import { PLANS } from '../../billing/plans.ts';
import { UsageQueries } from '../../db/usage.ts';
import type { Services } from '../../services.ts';
import { webhookSecret } from '../webhooks/webhook-job.ts';

export const UsageResponse = t.Object({
  account: t.String(),
  plan: t.Object({ id: t.String(), name: t.String(), monthly_credits: t.Integer() }),
  balance: t.Integer({ description: 'Spendable credits now.' }),
  held: t.Integer({ description: 'Credits set aside for work in progress (captured on delivery, returned on failure).' }),
  webhook_signing_secret: t.String({ description: 'Verifies `Recite-Signature` on job callbacks.' }),
  grants: t.Array(t.Object({ id: t.String(), source: t.String(), credits: t.Integer(), remaining: t.Integer(), granted_at: t.String(), expires_at: t.String() })),
  month: t.Object({ start: t.String(), keys: t.Array(t.Object({ key_id: t.Union([t.String(), t.Null()]), name: t.Union([t.String(), t.Null()]), prefix: t.Union([t.String(), t.Null()]), characters: t.Integer(), credits: t.Integer(), requests: t.Integer(), monthly_cap_characters: t.Union([t.Integer(), t.Null()]) })) }),
});

export function usageModule(services: Services) {
  const usage = new UsageQueries(services.db, services.clock);
  return new Elysia({ name: 'usage' }).get(
    '/api/v1/usage',
    ({ request }) => {
      const principal = authorizeApiRequest(services, request);
      const account = services.accounts.findAccount(principal.accountId)!;
      const keys = new Map(services.accounts.listKeys(account.id).map((key) => [key.id, key]));
      const now = new Date(services.clock.now());
      const body = {
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
          granted_at: new Date(grant.grantedAt).toISOString(),
          expires_at: new Date(grant.expiresAt).toISOString(),
        })),
        month: {
          start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
          keys: usage.monthByKey(account.id).map((row) => {
            const key = row.apiKeyId ? keys.get(row.apiKeyId) : undefined;
            return { key_id: row.apiKeyId, name: key?.name ?? null, prefix: key?.prefix ?? null, characters: Number(row.characters), credits: Number(row.credits), requests: Number(row.requests), monthly_cap_characters: key?.monthlyCapCharacters ?? null };
          }),
        },
      };
      return withOwedHeaders(request, Response.json(body));
    },
    {
      detail: {
        tags: ['Account'],
        summary: 'Balance and usage',
        description: 'Spendable and held credits, each grant with its expiry (soonest-expiring are spent first), and this UTC month\'s captured characters and credits per key.',
        security: [{ bearer: [] }],
        responses: { 200: { description: 'Usage', content: { 'application/json': { schema: UsageResponse as object } } } },
      },
    },
  );
}
