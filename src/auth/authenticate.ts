import type { AccountStore } from '../db/accounts.ts';
import { AppError } from '../errors/index.ts';
import { isWellFormedApiKey } from './api-keys.ts';

export interface Principal {
  accountId: string;
  apiKeyId: string | null;
}

/** Resolves `Authorization: Bearer <key>`; every failure is the same 401 so keys cannot be probed. */
export function authenticateBearer(authorization: string | null | undefined, store: AccountStore): Principal {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  // The checksum rejects garbled and invented keys before the database is touched.
  if (!key || !isWellFormedApiKey(key)) throw unauthorized();
  const record = store.findActiveKey(key);
  if (!record) throw unauthorized();
  store.touchKey(record.id);
  return { accountId: record.accountId, apiKeyId: record.id };
}

function unauthorized() {
  return new AppError('unauthorized', 'Missing or invalid API key. Send `Authorization: Bearer ksk_live_…`.', {
    headers: { 'www-authenticate': 'Bearer realm="recite"' },
  });
}
