import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for recite-served links: `path?expires=<epoch s>&signature=<base64url>`. The clock value is
 * passed in, never read here, so tests control expiry.
 */
export function signPath(secret: string, path: string, expiresAtEpochSeconds: number): string {
  return createHmac('sha256', secret).update(`${path}\n${expiresAtEpochSeconds}`).digest('base64url');
}

export function verifySignedPath(
  secret: string,
  path: string,
  expiresAtEpochSeconds: number,
  signature: string,
  nowEpochSeconds: number,
): boolean {
  if (!Number.isInteger(expiresAtEpochSeconds) || nowEpochSeconds >= expiresAtEpochSeconds) return false;
  const expected = Buffer.from(signPath(secret, path, expiresAtEpochSeconds));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
