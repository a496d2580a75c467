import type { PlanId } from '../billing/plans.ts';
import type { LedgerStore } from '../billing/ledger-store.ts';
import type { LoginThrottleStore } from '../auth/login-throttle.ts';
import type { RateLimitStore } from '../auth/rate-limit-store.ts';
import type { JobStore } from '../scheduler/job-store.ts';
import type { Db } from './client.ts';
import type { accounts, apiKeys, idempotencyKeys } from './schema.ts';

// The async store seam: every route, module and job handler talks to these interfaces, never to a database. Each has
// a SQLite implementation (src/db/*-store.ts, the embedded default) and a Postgres one (src/db/postgres/*-store.ts, for several
// nodes), and both pass the same conformance suite (test/store-conformance.test.ts).

export type Account = typeof accounts.$inferSelect;
export type ApiKeyRecord = typeof apiKeys.$inferSelect;
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** The first plan grant of an account that has none yet: never, until an operator sets a plan (`admin set-plan`). */
export const NO_PLAN_GRANTS = Number.MAX_SAFE_INTEGER;

export interface AccountStore {
  /** Returns null when the email is taken (case-insensitively). The first plan grant is the current month's. */
  createAccount(options: {
    email: string;
    password: string;
    plan: PlanId;
    firstPlanGrantAt?: number;
  }): Promise<Account | null>;
  findAccount(id: string): Promise<Account | undefined>;
  findAccountByEmail(email: string): Promise<Account | undefined>;
  /** Creates a key; the plain key is returned once and never stored. */
  createApiKey(options: { accountId: string; name?: string; monthlyCapCharacters?: number | null }): Promise<{
    key: string;
    record: ApiKeyRecord;
  }>;
  /** The active key with this plain value, if any (looked up by SHA-256). */
  findActiveKey(key: string): Promise<ApiKeyRecord | undefined>;
  findKey(id: string): Promise<ApiKeyRecord | undefined>;
  /** Newest first. */
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Returns false when there is no such active key (for this account, when given). */
  revokeKey(keyId: string, accountId?: string): Promise<boolean>;
  updateKey(
    keyId: string,
    accountId: string,
    changes: { name?: string; monthlyCapCharacters?: number | null },
  ): Promise<boolean>;
  /** Sets the plan; an account without plan grants starts them this month, one with them keeps its schedule. */
  setPlan(accountId: string, plan: PlanId): Promise<boolean>;
  touchKey(keyId: string): Promise<void>;
}

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Server-side sessions: the cookie holds a random token, the store only its SHA-256 and a CSRF token. */
export interface SessionStore {
  create(accountId: string): Promise<{ token: string; csrfToken: string }>;
  find(token: string | undefined): Promise<{ accountId: string; csrfToken: string } | undefined>;
  destroy(token: string | undefined): Promise<void>;
}

export interface SettingsStore {
  /** The server secret (signs audio links and sessions): `configured` when set, else one generated once and kept. */
  secret(configured: string | undefined): Promise<string>;
}

export interface UsageRow {
  apiKeyId: string | null;
  characters: number;
  credits: number;
  requests: number;
}

/** Captured characters and credits of the current UTC month per key, and per UTC day for charts. */
export interface UsageStore {
  monthByKey(accountId: string): Promise<UsageRow[]>;
  /** `day` is YYYY-MM-DD (UTC), oldest first. */
  daily(accountId: string, days: number): Promise<{ day: string; characters: number; credits: number }[]>;
}

export type BeginOutcome =
  /** `staleBodyKey`: the stored body of an expired use of this key, for the caller to delete before it runs. */
  | { state: 'new'; staleBodyKey?: string }
  | { state: 'mismatch' }
  | { state: 'in_flight' }
  | { state: 'replay'; record: IdempotencyRecord };

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "running" after this long died with its process; its key is free again. */
export const ABANDONED_AFTER_MS = 15 * 60 * 1000;

/**
 * What a claim finds when the key is already there (and not expired), the same on every backend: a pending claim older
 * than ABANDONED_AFTER_MS died with its process and is taken over (`reclaim`); otherwise another body is a mismatch, a
 * pending one is still in flight, and a completed one is replayed.
 */
export function existingKeyOutcome(
  existing: IdempotencyRecord,
  requestHash: string,
  now: number,
): Exclude<BeginOutcome, { state: 'new' }> | 'reclaim' {
  if (existing.status === 'pending' && existing.createdAt < now - ABANDONED_AFTER_MS) return 'reclaim';
  if (existing.requestHash !== requestHash) return { state: 'mismatch' };
  if (existing.status === 'pending') return { state: 'in_flight' };
  return { state: 'replay', record: existing };
}

/**
 * Idempotency keys per account: claimed atomically (one claim wins across every node), completed with a stored
 * response, kept 24 hours.
 */
export interface IdempotencyStore {
  begin(accountId: string, key: string, requestHash: string): Promise<BeginOutcome>;
  /** `bodyKey` null: the response completed (and was charged) but its copy could not be stored; retries are refused. */
  complete(
    accountId: string,
    key: string,
    response: { status: number; headers: Record<string, string>; bodyKey: string | null },
  ): Promise<void>;
  /** Forget a key whose request failed, so a retry is a fresh attempt. */
  release(accountId: string, key: string): Promise<void>;
  /** Drop a completed key whose stored body has vanished, so the next request with it runs afresh. */
  forget(accountId: string, key: string): Promise<void>;
  /** Deletes expired keys and returns them; their stored bodies are the caller's to delete. */
  purgeExpired(): Promise<IdempotencyRecord[]>;
}

/** Every store, on one database. */
export interface Stores {
  backend: 'sqlite' | 'postgres';
  /** The SQLite handle, for tests that inject faults at the database boundary; undefined on Postgres. */
  sqlite?: Db;
  accounts: AccountStore;
  sessions: SessionStore;
  settings: SettingsStore;
  usage: UsageStore;
  idempotency: IdempotencyStore;
  ledger: LedgerStore;
  jobs: JobStore;
  /** Requests per key per minute. */
  rateLimits: RateLimitStore;
  /** Self-service sign-ups per client address per hour. */
  signups: RateLimitStore;
  loginThrottle: LoginThrottleStore;
  /** Creates or updates the schema (Postgres: under an advisory lock, so N nodes migrate once). */
  migrate(): Promise<void>;
  /** One round trip to the database (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
