import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * All timestamps are integer milliseconds since the epoch from the injected clock; all money-like values are integer
 * credits. Ids carry a type prefix (see ids.ts).
 */

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan', { enum: ['basic', 'creator', 'pro', 'studio'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** Start of the next monthly plan grant (UTC month boundary). */
    nextPlanGrantAt: integer('next_plan_grant_at').notNull(),
  },
  (table) => [uniqueIndex('accounts_email').on(sql`lower(${table.email})`)],
);

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** The first characters of the key, shown in listings so users can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key; the key itself is never stored. */
    hash: text('hash').notNull(),
    monthlyCapCharacters: integer('monthly_cap_characters'),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_hash').on(table.hash), index('api_keys_account').on(table.accountId)],
);

/** A block of credits with its own expiry; `remaining` only moves inside the ledger's guarded transactions. */
export const creditGrants = sqliteTable(
  'credit_grants',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    source: text('source', { enum: ['plan', 'purchase', 'admin', 'refund'] }).notNull(),
    credits: integer('credits').notNull(),
    remaining: integer('remaining').notNull(),
    grantedAt: integer('granted_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    note: text('note'),
  },
  (table) => [index('credit_grants_account_expiry').on(table.accountId, table.expiresAt)],
);

/** Credits set aside for work in progress: captured when the product is delivered, voided on any failure. */
export const reservations = sqliteTable(
  'reservations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    apiKeyId: text('api_key_id'),
    product: text('product', { enum: ['speech', 'narration_job', 'presenter_video', 'playground'] }).notNull(),
    characters: integer('characters').notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: ['held', 'captured', 'voided'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** A held reservation past this time belongs to a crashed request; the reaper voids it. */
    holdUntil: integer('hold_until').notNull(),
    settledAt: integer('settled_at'),
    reason: text('reason'),
  },
  (table) => [
    index('reservations_key_status').on(table.apiKeyId, table.status, table.createdAt),
    index('reservations_account').on(table.accountId, table.createdAt),
    index('reservations_held').on(table.status, table.holdUntil),
  ],
);

/** Which grants a reservation drew from, so a void returns credits where they came from. */
export const reservationAllocations = sqliteTable(
  'reservation_allocations',
  {
    reservationId: text('reservation_id')
      .notNull()
      .references(() => reservations.id),
    grantId: text('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    credits: integer('credits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.reservationId, table.grantId] })],
);

/** Append-only audit trail of every credit movement. */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id').notNull(),
    grantId: text('grant_id'),
    reservationId: text('reservation_id'),
    kind: text('kind', { enum: ['grant', 'reserve', 'capture', 'void', 'expire'] }).notNull(),
    /** Change to spendable credits: + for grant/void, - for reserve/expire, 0 for capture. */
    credits: integer('credits').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('ledger_entries_account').on(table.accountId, table.id)],
);

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: text('response_headers'),
    /** Storage key of the replayable body. */
    responseBodyKey: text('response_body_key'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] }), index('idempotency_expiry').on(table.expiresAt)],
);

export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['narration', 'presenter_video', 'webhook'] }).notNull(),
    accountId: text('account_id'),
    apiKeyId: text('api_key_id'),
    status: text('status', { enum: ['queued', 'running', 'retrying', 'completed', 'failed', 'cancelled'] }).notNull(),
    /** Kind-specific input (JSON). */
    input: text('input').notNull(),
    /** Kind-specific result (JSON), set on completion. */
    result: text('result'),
    reservationId: text('reservation_id'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: integer('run_at').notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
    /** Id of the HTTP request that enqueued the job, so the job's log lines can be tied to it. */
    requestId: text('request_id'),
  },
  (table) => [
    index('jobs_runnable').on(table.status, table.runAt),
    index('jobs_account').on(table.accountId, table.createdAt),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token lives only in the cookie. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('sessions_account').on(table.accountId)],
);

/**
 * Per-key GCRA state (src/auth/sqlite-rate-limit-store.ts): API keys and sign-ups per address share one budget for
 * every process on the database file. The arrival is text because `ms * limit` passes 2^53.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  arrival: text('arrival').notNull(),
  limit: integer('limit_per_window').notNull(),
  windowMs: integer('window_ms').notNull(),
  idleAt: integer('idle_at').notNull(),
});

/** Sign-in throttle per (account email, client address): see src/auth/login-throttle.ts for the rules. */
export const loginAttempts = sqliteTable('login_attempts', {
  id: text('id').primaryKey(),
  failures: integer('failures').notNull(),
  inFlight: integer('in_flight').notNull(),
  notBefore: integer('not_before').notNull(),
  lastAt: integer('last_at').notNull(),
});
