import { t } from 'elysia';

export const UsageGrant = t.Object({
  id: t.String(),
  source: t.String({ description: 'plan, purchase, admin or refund' }),
  credits: t.Integer({ description: 'Credits granted.' }),
  remaining: t.Integer({ description: 'Credits of this grant not yet spent or held.' }),
  granted_at: t.String({ format: 'date-time' }),
  expires_at: t.String({
    format: 'date-time',
    description: 'Unused credits lapse at this instant (90 days after the grant).',
  }),
});

export const UsageKeyMonth = t.Object({
  key_id: t.Union([t.String(), t.Null()], { description: 'null for use without a key (the dashboard playground).' }),
  name: t.Union([t.String(), t.Null()]),
  prefix: t.Union([t.String(), t.Null()]),
  characters: t.Integer({ description: 'Characters delivered (captured) this UTC month.' }),
  credits: t.Integer({ description: 'Credits captured this UTC month.' }),
  requests: t.Integer({ description: 'Charged requests this UTC month.' }),
  monthly_cap_characters: t.Union([t.Integer(), t.Null()]),
});

export const UsageResponse = t.Object({
  account: t.String(),
  plan: t.Object({ id: t.String(), name: t.String(), monthly_credits: t.Integer() }),
  balance: t.Integer({ description: 'Spendable credits now.' }),
  held: t.Integer({
    description: 'Credits set aside for work in progress (captured on delivery, returned on failure).',
  }),
  webhook_signing_secret: t.String({ description: 'Verifies `Recite-Signature` on job callbacks.' }),
  grants: t.Array(UsageGrant, {
    description: 'Grants with credits left, soonest-expiring first (spent in that order).',
  }),
  month: t.Object({
    start: t.String({ format: 'date-time', description: 'Start of this UTC month.' }),
    keys: t.Array(UsageKeyMonth, {
      description:
        'Every active key of the account (zeros when unused), and any other key or key-less use with captured usage this month.',
    }),
  }),
});

export type UsageReport = typeof UsageResponse.static;
