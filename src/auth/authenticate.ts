import type { AccountStore } from '../db/stores.ts';
import { AppError } from '../errors/index.ts';
import { isWellFormedApiKey } from './api-keys.ts';

export interface Principal {
  accountId: string;
  apiKeyId: string | null;
  /** The key's monthly character cap as read when the request came in (null: none); the ledger checks it again. */
  monthlyCap?: number | null;
}

/** A key's "last used" time is written at most this often: one write per request would cost every request a round trip. */
const TOUCH_EVERY_MS = 60_000;

/** Resolves `Authorization: Bearer <key>`; every failure is the same 401 so keys cannot be probed. */
export async function authenticateBearer(
  authorization: string | null | undefined,
  store: AccountStore,
  now: number,
): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  // The checksum rejects garbled and invented keys before the database is touched.
  if (!key || !isWellFormedApiKey(key)) throw unauthorized();
  const record = await store.findActiveKey(key);
  if (!record) throw unauthorized();
  if (record.lastUsedAt === null || now - record.lastUsedAt >= TOUCH_EVERY_MS) await store.touchKey(record.id);
  return { accountId: record.accountId, apiKeyId: record.id, monthlyCap: record.monthlyCapCharacters };
}

function unauthorized() {
  return new AppError('unauthorized', 'Missing or invalid API key. Send `Authorization: Bearer ksk_live_…`.', {
    headers: { 'www-authenticate': 'Bearer realm="recite"' },
  });
}
