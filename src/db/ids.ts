import { customAlphabet } from 'nanoid';

/** Prefixed random ids (`acct_…`, `job_…`): the prefix says what an id names, 16 base-58 characters make it unguessable. */
const random = customAlphabet('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 16);

export const ID_PREFIXES = {
  account: 'acct',
  apiKey: 'key',
  grant: 'grant',
  reservation: 'res',
  job: 'job',
  request: 'req',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdGenerator = (kind: IdKind) => string;

export const randomIds: IdGenerator = (kind) => `${ID_PREFIXES[kind]}_${random()}`;
