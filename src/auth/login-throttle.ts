/**
 * Sign-in throttling per (account, client address), decided before any password is hashed, with its state in the
 * database so every node enforces one budget. The first FREE_LOGIN_ATTEMPTS failures cost nothing; after that one
 * attempt at a time is allowed, each after a delay that doubles per failure (1 s, 2 s, 4 s ... up to 15 minutes). An
 * attempt is reserved before the password is verified and counts as a failure until it succeeds, so parallel guesses
 * cannot all slip past the check, on one node or many. Because the pair includes the address, someone guessing a
 * victim's password slows only themselves.
 *
 * The rules are the pure functions below; each store runs them inside one row-locked transaction.
 */

/** Failed sign-ins per (account, address) allowed without any delay. */
export const FREE_LOGIN_ATTEMPTS = 5;
export const MAX_LOGIN_DELAY_MS = 15 * 60 * 1000;
/** A pair with no attempt for this long starts afresh. */
export const LOGIN_MEMORY_MS = 60 * 60 * 1000;
/** An attempt still unsettled after this long died with its node: it counts as a failure and frees the pair. */
export const ABANDONED_ATTEMPT_MS = 60 * 1000;

export interface LoginState {
  failures: number;
  inFlight: number;
  notBefore: number;
  lastAt: number;
}

export type LoginReservation = { ok: true } | { ok: false; waitSeconds: number };

/** The store key of a pair: the email as typed (case-insensitive) and the client address. */
export const loginPair = (account: string, address: string) => `${account.trim().toLowerCase()}\n${address}`;

/** Decides a reservation: the state to store (when allowed) and the answer. */
export function reserveLogin(
  stored: LoginState | undefined,
  now: number,
): { state: LoginState | undefined; reservation: LoginReservation } {
  let state = stored ? { ...stored } : undefined;
  if (state && state.inFlight > 0 && now - state.lastAt > ABANDONED_ATTEMPT_MS) {
    state = settleState(state, state.inFlight, state.lastAt);
  }
  if (state && state.inFlight === 0 && now - state.lastAt > LOGIN_MEMORY_MS) state = undefined;
  state ??= { failures: 0, inFlight: 0, notBefore: 0, lastAt: now };
  const pending = state.failures + state.inFlight;
  if (pending >= FREE_LOGIN_ATTEMPTS && (state.inFlight > 0 || now < state.notBefore)) {
    return {
      state: undefined,
      reservation: { ok: false, waitSeconds: Math.max(1, Math.ceil((state.notBefore - now) / 1000)) },
    };
  }
  return { state: { ...state, inFlight: state.inFlight + 1, lastAt: now }, reservation: { ok: true } };
}

/** `failed` unsettled attempts become failures at `now`; the delay grows with each beyond the free ones. */
function settleState(state: LoginState, failed: number, now: number): LoginState {
  const failures = state.failures + failed;
  const beyond = failures - FREE_LOGIN_ATTEMPTS;
  return {
    failures,
    inFlight: Math.max(0, state.inFlight - failed),
    lastAt: now,
    notBefore: beyond >= 0 ? now + Math.min(MAX_LOGIN_DELAY_MS, 1000 * 2 ** beyond) : state.notBefore,
  };
}

/** Settles one reserved attempt: undefined (forget the pair) on success, else the state with one more failure. */
export function settleLogin(stored: LoginState | undefined, success: boolean, now: number): LoginState | undefined {
  if (success || !stored) return undefined;
  if (stored.inFlight === 0) return stored;
  return settleState(stored, 1, now);
}

export interface LoginThrottleStore {
  /** Reserves an attempt for the pair, or says how long to wait; a reserved attempt must be settled. */
  reserve(pair: string): Promise<LoginReservation>;
  settle(pair: string, success: boolean): Promise<void>;
  /** Deletes pairs idle for LOGIN_MEMORY_MS. */
  sweep(): Promise<number>;
}

/** The dashboard's view: reserve, then settle once with the outcome. */
export class LoginThrottle {
  constructor(private readonly store: LoginThrottleStore) {}

  async reserve(
    account: string,
    address: string,
  ): Promise<{ ok: true; settle(success: boolean): Promise<void> } | { ok: false; waitSeconds: number }> {
    const pair = loginPair(account, address);
    const reservation = await this.store.reserve(pair);
    if (!reservation.ok) return reservation;
    let settled = false;
    return {
      ok: true,
      settle: async (success) => {
        if (settled) return;
        settled = true;
        await this.store.settle(pair, success);
      },
    };
  }
}
