import { createHash, randomBytes } from 'node:crypto';

/** The session cookie's token and its CSRF token; only the token's SHA-256 is stored. */
export function newSessionTokens(): { token: string; csrfToken: string } {
  return { token: randomBytes(32).toString('base64url'), csrfToken: randomBytes(24).toString('base64url') };
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
