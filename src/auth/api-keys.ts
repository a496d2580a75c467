import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys: `ksk_live_` + 22 base-58 characters (128 random bits) + `_` + a 6-character checksum. The checksum lets a
 * garbled or made-up key be refused before any database lookup; only the SHA-256 of the whole key is stored.
 */
export const KEY_PREFIX = 'ksk_live_';
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BODY_LENGTH = 22;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}([${ALPHABET}]{${BODY_LENGTH}})_([${ALPHABET}]{${CHECKSUM_LENGTH}})$`);

function toBase58(bytes: Uint8Array, length: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let output = '';
  for (let index = 0; index < length; index++) {
    output = ALPHABET[Number(value % 58n)] + output;
    value /= 58n;
  }
  return output;
}

function checksum(body: string): string {
  return toBase58(createHash('sha256').update(`${KEY_PREFIX}${body}`).digest().subarray(0, 8), CHECKSUM_LENGTH);
}

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const body = toBase58(randomBytes(16), BODY_LENGTH);
  const key = `${KEY_PREFIX}${body}_${checksum(body)}`;
  return { key, prefix: visiblePrefix(key), hash: hashApiKey(key) };
}

/** True when the key is well-formed and its checksum matches; says nothing about whether it exists. */
export function isWellFormedApiKey(key: string): boolean {
  const match = KEY_PATTERN.exec(key);
  if (!match) return false;
  const expected = Buffer.from(checksum(match[1]!));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What listings show: enough to tell keys apart, far too little to use. */
export function visiblePrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
