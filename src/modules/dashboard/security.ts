import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
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

/** Failed sign-ins per (account, address) allowed without any delay. */
export const FREE_LOGIN_ATTEMPTS = 5;
const MAX_LOGIN_DELAY_MS = 15 * 60 * 1000;
/** A pair with no failure for this long starts afresh. */
const LOGIN_MEMORY_MS = 60 * 60 * 1000;

interface PairState {
  failures: number;
  inFlight: number;
  notBefore: number;
  lastAt: number;
}

/**
 * Sign-in throttling per (account, client address), decided before any password is hashed. The first
 * FREE_LOGIN_ATTEMPTS failures cost nothing; after that one attempt at a time is allowed, each after a delay that
 * doubles per failure (1 s, 2 s, 4 s ... up to 15 minutes). An attempt is reserved before the password is verified
 * and counts as a failure until it succeeds, so parallel guesses cannot all slip past the check. Because the pair
 * includes the address, someone guessing a victim's password slows only themselves: the victim signing in from their
 * own address, and other accounts on the guesser's address, are not held up. In memory; a restart forgets.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, PairState>();
  constructor(private readonly clock: Clock) {}

  /** `{ ok: false, waitSeconds }` to refuse now; otherwise the attempt is reserved and `settle` must be called. */
  reserve(
    account: string,
    address: string,
  ): { ok: true; settle(success: boolean): void } | { ok: false; waitSeconds: number } {
    const now = this.clock.now();
    const id = `${account.toLowerCase()}\n${address}`;
    let state = this.pairs.get(id);
    if (state && state.inFlight === 0 && now - state.lastAt > LOGIN_MEMORY_MS) state = undefined;
    state ??= { failures: 0, inFlight: 0, notBefore: 0, lastAt: now };
    const pending = state.failures + state.inFlight;
    if (pending >= FREE_LOGIN_ATTEMPTS && (state.inFlight > 0 || now < state.notBefore)) {
      return { ok: false, waitSeconds: Math.max(1, Math.ceil((state.notBefore - now) / 1000)) };
    }
    state.inFlight++;
    state.lastAt = now;
    this.pairs.set(id, state);
    this.prune(now);
    const reserved = state;
    let settled = false;
    return {
      ok: true,
      settle: (success) => {
        if (settled) return;
        settled = true;
        reserved.inFlight--;
        if (success) {
          this.pairs.delete(id);
          return;
        }
        reserved.failures++;
        reserved.lastAt = this.clock.now();
        const beyond = reserved.failures - FREE_LOGIN_ATTEMPTS;
        if (beyond >= 0) reserved.notBefore = reserved.lastAt + Math.min(MAX_LOGIN_DELAY_MS, 1000 * 2 ** beyond);
      },
    };
  }

  private prune(now: number) {
    if (this.pairs.size <= 10_000) return;
    for (const [id, state] of this.pairs)
      if (state.inFlight === 0 && now - state.lastAt > LOGIN_MEMORY_MS) this.pairs.delete(id);
  }
}

/** Self-service sign-ups per client address per hour (RECITE_SIGNUP_LIMIT); in memory, like the login throttle. */
export class SignupThrottle {
  private readonly recent = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly limitPerHour: number,
  ) {}

  /** Reserves a sign-up for `address`; returns the seconds to wait when the address has used its allowance. */
  reserve(address: string): { ok: true } | { ok: false; waitSeconds: number } {
    const now = this.clock.now();
    const times = (this.recent.get(address) ?? []).filter((time) => time > now - 3_600_000);
    if (times.length >= this.limitPerHour)
      return { ok: false, waitSeconds: Math.max(1, Math.ceil((times[0]! + 3_600_000 - now) / 1000)) };
    times.push(now);
    this.recent.set(address, times);
    if (this.recent.size > 10_000)
      for (const [key, list] of this.recent) if (list.every((time) => time <= now - 3_600_000)) this.recent.delete(key);
    return { ok: true };
  }
}
