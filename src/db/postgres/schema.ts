import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Postgres twin of src/db/schema.ts: the same tables, columns and indexes, so a record read from either database
 * has the same shape. Timestamps are integer milliseconds since the epoch and money-like values integer credits, as
 * in SQLite; they are `bigint` here because SQLite's INTEGER is 64-bit and Postgres's `integer` is not
 * (`mode: 'number'` keeps them JavaScript numbers: milliseconds and credits stay far below 2^53).
 *
 * Change this file together with src/db/schema.ts, then `bunx drizzle-kit generate --config drizzle.postgres.config.ts`
 * and add the new file to src/db/postgres/migrations.ts.
 */
const int = (name: string) => bigint(name, { mode: 'number' });

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan', { enum: ['basic', 'creator', 'pro', 'studio'] }).notNull(),
    createdAt: int('created_at').notNull(),
    /** Start of the next monthly plan grant (UTC month boundary). */
    nextPlanGrantAt: int('next_plan_grant_at').notNull(),
  },
  (table) => [uniqueIndex('accounts_email').on(sql`lower(${table.email})`)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key; the key itself is never stored. */
    hash: text('hash').notNull(),
    monthlyCapCharacters: int('monthly_cap_characters'),
    createdAt: int('created_at').notNull(),
    lastUsedAt: int('last_used_at'),
    revokedAt: int('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_hash').on(table.hash), index('api_keys_account').on(table.accountId)],
);

export const creditGrants = pgTable(
  'credit_grants',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    source: text('source', { enum: ['plan', 'purchase', 'admin', 'refund'] }).notNull(),
    credits: int('credits').notNull(),
    remaining: int('remaining').notNull(),
    grantedAt: int('granted_at').notNull(),
    expiresAt: int('expires_at').notNull(),
    note: text('note'),
  },
  (table) => [index('credit_grants_account_expiry').on(table.accountId, table.expiresAt)],
);

export const reservations = pgTable(
  'reservations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    apiKeyId: text('api_key_id'),
    product: text('product', { enum: ['speech', 'narration_job', 'presenter_video', 'playground'] }).notNull(),
    characters: int('characters').notNull(),
    credits: int('credits').notNull(),
    status: text('status', { enum: ['held', 'captured', 'voided'] }).notNull(),
    createdAt: int('created_at').notNull(),
    holdUntil: int('hold_until').notNull(),
    settledAt: int('settled_at'),
    reason: text('reason'),
  },
  (table) => [
    index('reservations_key_status').on(table.apiKeyId, table.status, table.createdAt),
    index('reservations_account').on(table.accountId, table.createdAt),
    index('reservations_held').on(table.status, table.holdUntil),
  ],
);

export const reservationAllocations = pgTable(
  'reservation_allocations',
  {
    reservationId: text('reservation_id')
      .notNull()
      .references(() => reservations.id),
    grantId: text('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    credits: int('credits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.reservationId, table.grantId] })],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: int('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id').notNull(),
    grantId: text('grant_id'),
    reservationId: text('reservation_id'),
    kind: text('kind', { enum: ['grant', 'reserve', 'capture', 'void', 'expire'] }).notNull(),
    /** Change to spendable credits: + for grant/void, - for reserve/expire, 0 for capture. */
    credits: int('credits').notNull(),
    createdAt: int('created_at').notNull(),
  },
  (table) => [index('ledger_entries_account').on(table.accountId, table.id)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'completed'] }).notNull(),
    responseStatus: int('response_status'),
    responseHeaders: text('response_headers'),
    responseBodyKey: text('response_body_key'),
    createdAt: int('created_at').notNull(),
    expiresAt: int('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] }), index('idempotency_expiry').on(table.expiresAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['narration', 'presenter_video', 'webhook'] }).notNull(),
    accountId: text('account_id'),
    apiKeyId: text('api_key_id'),
    status: text('status', { enum: ['queued', 'running', 'retrying', 'completed', 'failed', 'cancelled'] }).notNull(),
    /** Kind-specific input (JSON text, as in SQLite, so a JobRecord is the same on both backends). */
    input: text('input').notNull(),
    result: text('result'),
    reservationId: text('reservation_id'),
    progressDone: int('progress_done').notNull().default(0),
    progressTotal: int('progress_total').notNull().default(0),
    attempts: int('attempts').notNull().default(0),
    maxAttempts: int('max_attempts').notNull(),
    runAt: int('run_at').notNull(),
    leaseOwner: text('lease_owner'),
    /** Milliseconds on the database clock (see src/scheduler/postgres-claim.ts), so node clock skew cannot steal one. */
    leaseExpiresAt: int('lease_expires_at'),
    lastError: text('last_error'),
    createdAt: int('created_at').notNull(),
    updatedAt: int('updated_at').notNull(),
    finishedAt: int('finished_at'),
    /** Id of the HTTP request that enqueued the job, so the job's log lines can be tied to it. */
    requestId: text('request_id'),
  },
  (table) => [
    index('jobs_runnable').on(table.status, table.runAt),
    index('jobs_account').on(table.accountId, table.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token lives only in the cookie. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: int('created_at').notNull(),
    expiresAt: int('expires_at').notNull(),
  },
  (table) => [index('sessions_account').on(table.accountId)],
);

/**
 * Per-key GCRA state shared by every node (src/auth/postgres-rate-limit-store.ts). drizzle-kit cannot declare UNLOGGED,
 * so the generated CREATE TABLE is edited by hand to CREATE UNLOGGED TABLE (test/postgres-migrate.test.ts checks it):
 * losing the table in a crash only hands keys their full burst back, and it skips the WAL on every request.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Theoretical arrival time in units of 1/limit ms (exact integers, as in src/auth/rate-limit-store.ts). */
    arrival: bigint('arrival', { mode: 'bigint' }).notNull(),
    /** When the last decision was made, in the same units; a key's clock never moves back (see the store). */
    checkedAt: bigint('checked_at', { mode: 'bigint' }).notNull(),
    /** The limit `arrival` was counted in; a row written under another limit starts afresh. */
    limit: int('limit_per_window').notNull(),
    windowMs: int('window_ms').notNull(),
    /** Database-clock ms after which the row carries nothing (a full burst is back); a sweep may delete it. */
    idleAt: int('idle_at').notNull(),
    /** The last decision: the upsert writes it because RETURNING sees only the new row, not the old arrival. */
    allowed: boolean('allowed').notNull(),
  },
  (table) => [index('rate_limits_idle').on(table.idleAt)],
);

/**
 * Sign-in throttle per (account email, client address), shared by every node (src/auth/login-throttle.ts). UNLOGGED,
 * edited by hand in the migration like rate_limits: a crash only forgets failed attempts. Times are database-clock ms.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: text('id').primaryKey(),
    failures: int('failures').notNull(),
    inFlight: int('in_flight').notNull(),
    notBefore: int('not_before').notNull(),
    lastAt: int('last_at').notNull(),
  },
  (table) => [index('login_attempts_last').on(table.lastAt)],
);
