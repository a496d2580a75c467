/** Injected everywhere time matters so tests use a fixed clock and never sleep. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export function fixedClock(
  start: number | string | Date,
): Clock & { set(time: number | string | Date): void; advance(ms: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => current,
    set: (time) => {
      current = new Date(time).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of the UTC calendar month containing `time`. */
export function startOfUtcMonth(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export function startOfNextUtcMonth(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
