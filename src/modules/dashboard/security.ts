import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors/index.ts';

/**
 * Cookie names: `__Host-` where the browser treats the origin as secure (HTTPS, localhost, 127.0.0.1), which pins the
 * cookie to this host with Secure and Path=/; plain-http hosts fall back to unprefixed cookies (development only).
 */
export function cookiePolicy(request: Request) {
  const url = new URL(request.url);
  const secure =
    url.protocol === 'https:' ||
    request.headers.get('x-forwarded-proto') === 'https' ||
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const prefix = secure ? '__Host-' : '';
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return { session: `${prefix}recite_session`, csrf: `${prefix}recite_csrf`, attributes };
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A broken %-escape in our own cookie is the client's fault: a 400 telling it what to clear, never a 500.
      throw new AppError(
        'invalid_request',
        `The ${name} cookie is not valid; clear this site's cookies and sign in again.`,
      );
    }
  }
  return undefined;
}

export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const newToken = () => randomBytes(24).toString('base64url');

/** A form post from another site is refused even before the token check, when the browser says where it came from. */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
